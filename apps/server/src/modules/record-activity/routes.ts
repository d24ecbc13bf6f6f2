import {
  commentAddRequestSchema,
  commentDeleteRequestSchema,
  commentListRequestSchema,
  mentionableRequestSchema,
  recordActivityRequestSchema,
} from '@panelwright/contract';
import type { FastifyInstance } from 'fastify';
import { Answer, registerAction } from '../../lib/actions';
import type { Authenticator } from '../../plugins/auth';
import { actorOf } from '../resources/protocol';
import type { RecordActivityService } from './service';

/** A record's history and comments, for every resource: the record is named in the body. */
export function recordActivityRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  activity: RecordActivityService,
): void {
  registerAction(app, authenticate, {
    name: 'RecordHistory/List',
    body: recordActivityRequestSchema.loose(),
    auth: 'user',
    handler: (input, request) => activity.history(input.APIName, Number(input.Id), actorOf(request)),
  });
  registerAction(app, authenticate, {
    name: 'Comments/List',
    body: commentListRequestSchema.loose(),
    auth: 'user',
    handler: (input, request) =>
      activity.comments(input.APIName, Number(input.Id), actorOf(request), {
        before: input.Before,
        take: input.Take,
      }),
  });
  registerAction(app, authenticate, {
    name: 'Comments/Mentionable',
    body: mentionableRequestSchema.loose(),
    auth: 'user',
    handler: async (input, request) => ({
      Items: await activity.mentionable(input.APIName, Number(input.Id), input.Search, actorOf(request)),
    }),
  });
  registerAction(app, authenticate, {
    name: 'Comments/AddNew',
    body: commentAddRequestSchema.loose(),
    auth: 'user',
    handler: async (input, request) => {
      const { comment, notified } = await activity.add({ ...input, Id: Number(input.Id) }, actorOf(request));
      return new Answer(
        comment,
        notified > 0 ? `Comment added; ${notified} people notified.` : 'Comment added.',
      );
    },
  });
  registerAction(app, authenticate, {
    name: 'Comments/Delete',
    body: commentDeleteRequestSchema.loose(),
    auth: 'user',
    handler: async (input, request) => {
      await activity.remove({ ...input, Id: Number(input.Id) }, actorOf(request));
      return new Answer(true, 'Comment deleted.');
    },
  });
}
