import {
  fileManagerAddFilesRequestSchema,
  fileManagerCreateFolderRequestSchema,
  fileManagerDeleteRequestSchema,
  fileManagerListRequestSchema,
  fileManagerRenameRequestSchema,
} from '@panelwright/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import type { FileManagerActor, FileManagerService } from './service';

const actorOf = (request: FastifyRequest): FileManagerActor => ({
  user: signedIn(request).user,
  ip: request.ip,
});

/** `FileManager/{List|CreateFolder|Rename|Delete|AddFiles}` for signed-in users. */
export function fileManagerRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  fileManager: FileManagerService,
): void {
  registerAction(app, authenticate, {
    name: 'FileManager/List',
    body: fileManagerListRequestSchema.loose(),
    auth: 'user',
    handler: (input, request) => fileManager.list(input.FolderId, actorOf(request)),
  });
  registerAction(app, authenticate, {
    name: 'FileManager/CreateFolder',
    body: fileManagerCreateFolderRequestSchema.loose(),
    auth: 'user',
    handler: (input, request) => fileManager.createFolder(input.ParentId, input.Name, actorOf(request)),
  });
  registerAction(app, authenticate, {
    name: 'FileManager/Rename',
    body: fileManagerRenameRequestSchema.loose(),
    auth: 'user',
    handler: (input, request) => fileManager.rename(input.Id, input.Name, actorOf(request)),
  });
  registerAction(app, authenticate, {
    name: 'FileManager/Delete',
    body: fileManagerDeleteRequestSchema.loose(),
    auth: 'user',
    handler: (input, request) => fileManager.delete(input.Id, actorOf(request)),
  });
  registerAction(app, authenticate, {
    name: 'FileManager/AddFiles',
    body: fileManagerAddFilesRequestSchema.loose(),
    auth: 'user',
    handler: (input, request) => fileManager.addFiles(input.FolderId, input.FileUrls, actorOf(request)),
  });
}
