import { tableViewGetRequestSchema, tableViewSaveRequestSchema } from '@panelwright/contract';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import type { TableViewService } from './service';

export function tableViewRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  views: TableViewService,
): void {
  registerAction(app, authenticate, {
    name: 'TableView/Get',
    body: tableViewGetRequestSchema.loose(),
    auth: 'user',
    handler: (input, request) => views.get(signedIn(request).user.id, input.ScreenCode),
  });
  registerAction(app, authenticate, {
    name: 'TableView/Save',
    body: tableViewSaveRequestSchema.loose(),
    auth: 'user',
    handler: (input, request) => views.save(signedIn(request).user.id, input.ScreenCode, input.Columns),
  });
}
