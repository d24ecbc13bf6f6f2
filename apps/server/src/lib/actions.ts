import { describeIssues, STATUS_SUCCESS, safeParseForPeople } from '@panelwright/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { runWithApiKey } from './audit';
import type { Authenticator, AuthMode } from './auth-mode';
import { badRequest } from './errors';

/** An answer with a message for the user besides its data. */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly msg: string,
  ) {}
}

/**
 * Data already serialised to JSON by its service (kept between calls while what it was made of is
 * unchanged): the envelope is written around the text instead of serialising the data again.
 */
export class SerializedData {
  constructor(readonly json: string) {}
}

export { describeIssues };

/**
 * Parses a body with its contract schema; a refusal is a 400 whose description names each field and
 * its rule in words for people (`Email: is required`), never zod's own text.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = safeParseForPeople(schema, value);
  if (!parsed.success) throw badRequest(describeIssues(parsed.error));
  return parsed.data;
}

export type ActionDefinition<S extends z.ZodType, R> = {
  /** `Controller/Action`, as the client calls it under /api/v1/. */
  name: string;
  body: S;
  auth: AuthMode;
  handler: (input: z.output<S>, request: FastifyRequest) => Promise<R | Answer<R> | SerializedData>;
  /**
   * A check before authentication (a route with parameters that must answer 404 for names it does
   * not serve, as a route that does not exist would, signed in or not).
   */
  before?: (request: FastifyRequest) => Promise<void>;
};

/** What the server knows of an action: its name, who may call it and its body's schema. */
export type RegisteredAction = { name: string; auth: AuthMode; body: z.ZodType };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every action registered through `registerAction`, by name (tests, the API document). */
    actions: Map<string, RegisteredAction>;
  }
}

/**
 * Registers `POST /api/v1/{Controller}/{Action}`: authenticates, parses the body with the contract
 * schema, runs the handler and wraps its result in the envelope. Routes stay this thin.
 */
export function registerAction<S extends z.ZodType, R>(
  app: FastifyInstance,
  authenticate: Authenticator,
  definition: ActionDefinition<S, R>,
): void {
  app.actions.set(definition.name, { name: definition.name, auth: definition.auth, body: definition.body });
  app.post(
    `/api/v1/${definition.name}`,
    {
      onRequest: definition.before
        ? [definition.before, authenticate(definition.auth)]
        : authenticate(definition.auth),
    },
    async (request, reply) => {
      const body = request.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('body: must be a JSON object');
      const input = parseWith(definition.body, body);
      // A call made with an API key audits its changes under the key's name (lib/audit.ts).
      const result = await runWithApiKey(request.auth?.apiKey, () => definition.handler(input, request));
      if (result instanceof SerializedData) {
        reply.type('application/json; charset=utf-8');
        return `{"StatusCode":${STATUS_SUCCESS},"Msg":"","Data":${result.json},"TotalMili":${Math.round(reply.elapsedTime)}}`;
      }
      const answer = result instanceof Answer ? result : new Answer(result, '');
      return {
        StatusCode: STATUS_SUCCESS,
        Msg: answer.msg,
        Data: answer.data,
        TotalMili: Math.round(reply.elapsedTime),
      };
    },
  );
}
