// /api/openapi.json: the OpenAPI document generated from the routes the server registered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let staff = '';

beforeAll(async () => {
  server = await startTestServer();
  staff = (await server.createUser('doc-reader')).token;
});
afterAll(() => server.close());

type Operation = {
  summary: string;
  tags: string[];
  'x-auth'?: string;
  requestBody?: {
    content: {
      'application/json': { schema: { properties?: Record<string, unknown>; required?: string[] } };
    };
  };
};

describe('the API document', () => {
  it('is for signed-in users only', async () => {
    expect((await server.fetch('/api/openapi.json')).status).toBe(401);
  });

  it('lists every registered action with its contract body and who may call it', async () => {
    const response = await server.fetch('/api/openapi.json', {
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, Operation>>;
    };
    expect(document.openapi).toBe('3.1.0');
    const actions = Object.keys(document.paths).filter((path) => path.startsWith('/api/v1/'));
    // Generated, not written: the resource protocol's actions, a resource's own update function too.
    for (const name of [
      'ConfigMenu/CategoryScreenList',
      'Product/List',
      'Product/UpdatePrice',
      'Event/AddNew',
    ])
      expect(actions).toContain(`/api/v1/${name}`);
    expect(actions.length).toBeGreaterThan(80);

    const reset = document.paths['/api/v1/Account/ResetPassword']?.post;
    expect(reset?.tags).toEqual(['Account']);
    expect(reset?.['x-auth']).toBe('public');
    expect(Object.keys(reset?.requestBody?.content['application/json'].schema.properties ?? {})).toEqual(
      expect.arrayContaining(['PasswordKey', 'Password', 'ConfirmPassword']),
    );
    expect(document.paths['/api/v1/ConfigMenu/SaveScreen']?.post?.['x-auth']).toBe('studio');
    // Routes outside the actions are there with their method.
    expect(document.paths['/oauth2/token']?.post).toBeDefined();
    expect(document.paths['/health/live']?.get).toBeDefined();
  });
});
