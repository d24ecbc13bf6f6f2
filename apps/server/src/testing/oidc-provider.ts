import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (the `oidc-provider` package) on 127.0.0.1, for the sign-in tests. Its one
 * client is confidential (`client_secret_basic`) and must use PKCE. Its sign-in page asks for a login
 * only: the login is the account's subject; its e-mail is the login when that holds an @, else
 * `<login>@example.com`, and it is verified unless the login starts with "unverified".
 */
export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers the product's /redirect address (known once the product listens) and starts answering. */
  register(redirectUri: string): void;
  /**
   * Walks an authorization address as a browser would (no page drawn): signs in as `login` and
   * returns the address the provider sends the browser back to (the product's /redirect, with code
   * and state).
   */
  signInAs(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
};

export const TEST_OIDC_CLIENT = {
  clientId: 'panelwright-test',
  clientSecret: 'a-client-secret-of-the-test-provider',
};

export function emailOfLogin(login: string): string {
  return login.includes('@') ? login : `${login}@example.com`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test ID: sign in</title></head>
<body><main><h1>Test ID</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label for="login">Login</label> <input id="login" name="login" autocomplete="username" required>
<button type="submit">Continue</button>
</form></main></body></html>`;
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTestOidcProvider(): Promise<TestOidcProvider> {
  let handler: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;
  const server = createServer((request, response) => {
    if (!handler) return void response.writeHead(503).end('not ready');
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };

  const register = (redirectUri: string) => {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: TEST_OIDC_CLIENT.clientId,
          client_secret: TEST_OIDC_CLIENT.clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [signingKey] as never },
      ttl: {
        Interaction: 600,
        Grant: 600,
        Session: 600,
        AccessToken: 600,
        AuthorizationCode: 60,
        IdToken: 600,
      },
      cookies: { keys: ['test-provider-cookie-key-1'] },
      pkce: { required: () => true, methods: ['S256'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      async findAccount(_ctx, sub) {
        return {
          accountId: sub,
          claims: () => ({
            sub,
            email: emailOfLogin(sub),
            email_verified: !sub.startsWith('unverified'),
            name: `Person ${sub}`,
          }),
        };
      },
      // A first-party client: the person is not asked to consent to the scopes.
      async loadExistingGrant(ctx) {
        const accountId = ctx.oidc.session?.accountId;
        const clientId = ctx.oidc.client?.clientId;
        if (!accountId || !clientId) return undefined;
        const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    });
    const callback = provider.callback();
    handler = (request, response) => {
      const match = /^\/interaction\/([A-Za-z0-9_-]+)$/.exec(request.url?.split('?')[0] ?? '');
      if (!match) return callback(request, response);
      (async () => {
        await provider.interactionDetails(request, response);
        if (request.method === 'GET') {
          response
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(loginPage(match[1] ?? ''));
          return;
        }
        const login = (await readForm(request)).get('login')?.trim() ?? '';
        if (!login) return void response.writeHead(400).end('login required');
        await provider.interactionFinished(
          request,
          response,
          { login: { accountId: login } },
          { mergeWithLastSubmission: false },
        );
      })().catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(400).end(String(error));
      });
    };
  };

  const signInAs = async (authorizationUrl: string, login: string): Promise<URL> => {
    const cookies = new Map<string, string>();
    const send = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair?.indexOf('=') ?? -1;
        if (pair && at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      await response.arrayBuffer();
      return response;
    };
    let url = authorizationUrl;
    let body: string | undefined;
    for (let step = 0; step < 10; step++) {
      const response = await send(
        url,
        body
          ? { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
          : {},
      );
      body = undefined;
      const location = response.headers.get('location');
      if (response.status === 200 && /\/interaction\//.test(url)) {
        body = new URLSearchParams({ login }).toString();
        continue;
      }
      if (!location) throw new Error(`the provider answered ${response.status} at ${url}`);
      const next = new URL(location, url);
      if (next.origin !== issuer) return next;
      url = next.href;
    }
    throw new Error('the provider sent the browser around too often');
  };

  return {
    issuer,
    ...TEST_OIDC_CLIENT,
    register,
    signInAs,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
