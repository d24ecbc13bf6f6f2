import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { ConfigurationService } from './service';

/**
 * The studio's preview: a request carrying this header is served the draft configuration (screens,
 * columns, menus, texts, settings) with the named role's grants instead of the caller's, and may only
 * read. The studio's preview frame sends it on every call.
 */
export const PREVIEW_HEADER = 'x-panelwright-preview';

/** The role a request previews as; set once the caller is known to be allowed to. */
type PreviewState = { role: string | null };

const previewStorage = new AsyncLocalStorage<PreviewState>();

/** The role the current request previews the draft as; null outside a preview. */
export function previewRole(): string | null {
  return previewStorage.getStore()?.role ?? null;
}

/**
 * The calls a preview may make: the product's reads (any resource's List, Detail and Options, the
 * statistics, and the shell's own reads). Every other call, every write among them, is refused before
 * it runs: a new call is refused in the preview until it is named here.
 */
const PREVIEW_READS = new Set([
  'GlobalAppSetting/FisrtSetting',
  'GlobalAppSetting/FirstSetting',
  'ConfigMenu/CategoryScreenList',
  'ProjectScreenHeader/ProjectScreens',
  'Configuration/LiveVersion',
  'Account/MyProfile',
  'Account/ValidateToken',
  'Account/KeepAlive',
  'Notification/List',
  'TableView/Get',
  'Project/Activity',
  'Task/Activity',
  'ProjectDialog/Form',
  'Pos/Locations',
  'Pos/Products',
  'ApiTestRun/Detail',
  'Demo/FormEntries',
  'FileManager/List',
]);
const GENERIC_READS = /^\/api\/v1\/([A-Za-z]+\/(List|Detail|Options)|Stats\/[A-Za-z]+)$/;

const isPreviewRead = (path: string) =>
  GENERIC_READS.test(path) || PREVIEW_READS.has(path.replace(/^\/api\/v1\//, ''));

const refusal = 'The preview only reads: nothing can be changed in it.';

export function registerPreview(
  app: FastifyInstance,
  configuration: ConfigurationService,
  access: AccessService,
): void {
  // The state exists before authentication, so that everything after it runs inside; it names a role
  // only once the caller has been checked (below).
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers[PREVIEW_HEADER] === undefined) return done();
    previewStorage.run({ role: null }, done);
  });
  // Every request passes here: one without the header goes on at once, without a promise.
  app.addHook('preHandler', (request, _reply, done) => {
    const state = previewStorage.getStore();
    if (!state) return done();
    allowPreview(request, state, configuration, access).then(() => done(), done);
  });
}

/** Names the role of a preview request once its caller may preview as it; refuses it otherwise. */
async function allowPreview(
  request: FastifyRequest,
  state: PreviewState,
  configuration: ConfigurationService,
  access: AccessService,
): Promise<void> {
  const header = request.headers[PREVIEW_HEADER];
  if (typeof header !== 'string') return;
  const readsOnly = request.method === 'GET' || request.method === 'HEAD';
  if (!readsOnly && !isPreviewRead(request.url.split('?')[0] ?? '')) throw forbidden(refusal);
  const user = request.auth?.user;
  if (!user) {
    // A guest page (sign-in, the language files before it) is the guest's in the preview too.
    if (readsOnly) return;
    throw forbidden(refusal);
  }
  if (!(await access.mayUseStudio(user))) {
    throw forbidden('Your role may not change the configuration (permission missing: Studio).');
  }
  const role = header.trim();
  const draft = await configuration.draftView();
  if (!draft.document.roles[role]) throw forbidden(`There is no role ${role} to preview as.`);
  // Nobody sees more through the preview than through their own roles.
  if (!user.roles.includes(role) && !(await access.isAdministrator(user))) {
    throw forbidden(`Only administrators preview as a role they do not hold (${role}).`);
  }
  state.role = role;
}
