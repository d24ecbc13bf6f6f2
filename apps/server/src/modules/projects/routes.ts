import { recordIdSchema } from '@panelwright/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import type { ProjectService } from './service';

const idSchema = z.object({ Id: recordIdSchema }).loose();
const requestDataSchema = z.record(z.string(), z.unknown()).optional();
const commentSchema = z
  .object({ Id: recordIdSchema, Body: z.string().max(4000), FileUrl: z.string().max(2000).optional() })
  .loose();
const dialogFormSchema = z
  .object({ Name: z.string().min(1).max(60), Id: recordIdSchema.optional(), RequestData: requestDataSchema })
  .loose();
const dialogSaveSchema = dialogFormSchema.extend({
  DataForm: z.record(z.string(), z.unknown()),
  IM_ReturnTime: z.string().max(40).optional(),
});

export function projectRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  projects: ProjectService,
): void {
  const actor = (request: Parameters<typeof signedIn>[0]) => ({
    user: signedIn(request).user,
    ip: request.ip,
  });
  registerAction(app, authenticate, {
    name: 'ApiTestCase/Run',
    body: idSchema,
    auth: 'user',
    handler: (input, request) => projects.runTestCase(Number(input.Id), actor(request)),
  });
  registerAction(app, authenticate, {
    name: 'ProjectEnvironment/RunSuite',
    body: idSchema,
    auth: 'user',
    handler: (input, request) => projects.startSuite(Number(input.Id), actor(request)),
  });
  registerAction(app, authenticate, {
    name: 'ApiTestRun/Detail',
    body: idSchema,
    auth: 'user',
    handler: (input, request) => projects.suiteRun(Number(input.Id), actor(request)),
  });
  registerAction(app, authenticate, {
    name: 'ProjectDialog/Form',
    body: dialogFormSchema,
    auth: 'user',
    handler: (input, request) =>
      projects.dialogForm(
        {
          Name: input.Name,
          Id: input.Id === undefined ? undefined : Number(input.Id),
          RequestData: input.RequestData,
        },
        actor(request),
      ),
  });
  registerAction(app, authenticate, {
    name: 'ProjectDialog/Save',
    body: dialogSaveSchema,
    auth: 'user',
    handler: (input, request) =>
      projects.saveDialog(
        {
          Name: input.Name,
          Id: input.Id === undefined ? undefined : Number(input.Id),
          RequestData: input.RequestData,
          DataForm: input.DataForm,
          IM_ReturnTime: input.IM_ReturnTime,
        },
        actor(request),
      ),
  });
  registerAction(app, authenticate, {
    name: 'Task/Activity',
    body: idSchema,
    auth: 'user',
    handler: (input, request) => projects.taskActivity(Number(input.Id), actor(request)),
  });
  registerAction(app, authenticate, {
    name: 'Task/AddComment',
    body: commentSchema,
    auth: 'user',
    handler: (input, request) =>
      projects.addComment(Number(input.Id), { Body: input.Body, FileUrl: input.FileUrl }, actor(request)),
  });
  registerAction(app, authenticate, {
    name: 'Project/Activity',
    body: idSchema,
    auth: 'user',
    handler: (input, request) => projects.projectActivity(Number(input.Id), actor(request)),
  });
}
