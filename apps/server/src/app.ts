import type { AddressInfo } from 'node:net';
import { APP_DEFAULTS, posSellerOf } from '@panelwright/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { registerMessageLanguage } from './i18n';
import type { RegisteredAction } from './lib/actions';
import { AuditService } from './lib/audit';
import { CacheRegistry } from './lib/cache';
import { bridgeEventsOverRedis, EventBus } from './lib/events';
import { createLogger } from './lib/logger';
import { MailService } from './lib/mail';
import { PublicAddress } from './lib/public-address';
import { SecretBox } from './lib/secure-random';
import { ThrottleService } from './lib/throttle';
import { AdministrationService } from './modules/access/administration';
import { ADMINISTRATION_RESOURCES, administrationHooks } from './modules/access/resources';
import { administrationRoutes } from './modules/access/routes';
import { AccessService } from './modules/access/service';
import { LockoutService } from './modules/account/lockout-service';
import { OidcService } from './modules/account/oidc-service';
import { PasswordResetService } from './modules/account/password-reset-service';
import { accountRoutes } from './modules/account/routes';
import { AccountService } from './modules/account/service';
import { apiDocumentRoutes, collectRoutes } from './modules/api-document/routes';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { ApiKeyService, OWN_KEYS_GRANT } from './modules/api-keys/service';
import { SharedKeyThrottle } from './modules/api-keys/throttle';
import { cacheRoutes } from './modules/cache/routes';
import { CacheService } from './modules/cache/service';
import { collectionRoutes } from './modules/collections/routes';
import { CollectionService } from './modules/collections/service';
import { registerPreview } from './modules/configuration/preview';
import { configurationRoutes } from './modules/configuration/routes';
import { ConfigurationService } from './modules/configuration/service';
import { ConfigurationStore } from './modules/configuration/store';
import { ConfigValidator } from './modules/configuration/validate';
import { demoRoutes } from './modules/demo/routes';
import { DemoService } from './modules/demo/service';
import { exceptionRoutes } from './modules/exceptions/routes';
import { ExceptionService } from './modules/exceptions/service';
import { fileManagerRoutes } from './modules/file-manager/routes';
import { FileManagerService } from './modules/file-manager/service';
import { fileRoutes } from './modules/files/routes';
import { FilesService } from './modules/files/service';
import { healthRoutes } from './modules/health/routes';
import { homeRoutes } from './modules/home/routes';
import { HomeService } from './modules/home/service';
import { liveRoutes } from './modules/live/routes';
import { LiveHub } from './modules/live/service';
import { menuRoutes } from './modules/menus/routes';
import { MenuService } from './modules/menus/service';
import { notificationRoutes } from './modules/notifications/routes';
import { NotificationService } from './modules/notifications/service';
import { posRoutes } from './modules/pos/routes';
import { sellerLogoReader } from './modules/pos/seller-logo';
import { PosService, TILL_GRANT } from './modules/pos/service';
import { projectRoutes } from './modules/projects/routes';
import { ProjectService } from './modules/projects/service';
import { notifyTaskChanges } from './modules/projects/task-notifications';
import { pushRoutes } from './modules/push/routes';
import { PushService } from './modules/push/service';
import { recordActivityRoutes } from './modules/record-activity/routes';
import { RecordActivityService } from './modules/record-activity/service';
import { BulkActions } from './modules/resources/bulk';
import { bulkRoutes } from './modules/resources/bulk-routes';
import { DECLARED_RESOURCES } from './modules/resources/declarations';
import { ImportService } from './modules/resources/import';
import { OperationLog } from './modules/resources/operations';
import { ResourceRegistry } from './modules/resources/registry';
import { resourceRoutes } from './modules/resources/routes';
import { ResourceService } from './modules/resources/service';
import { RetentionService } from './modules/retention/service';
import { screenRoutes } from './modules/screens/routes';
import { ScreenAdminService } from './modules/screens/screen-admin-service';
import { ScreenService } from './modules/screens/service';
import { SessionService } from './modules/sessions/service';
import { settingsRoutes } from './modules/settings/routes';
import { SettingsService } from './modules/settings/service';
import { statsRoutes } from './modules/stats/routes';
import { StatsService } from './modules/stats/service';
import { tableViewRoutes } from './modules/table-views/routes';
import { TableViewService } from './modules/table-views/service';
import { translationRoutes } from './modules/translations/routes';
import { TranslationService } from './modules/translations/service';
import { twoFactorRoutes } from './modules/two-factor/routes';
import { TwoFactorService } from './modules/two-factor/service';
import { webhookRoutes } from './modules/webhooks/routes';
import { WEBHOOK_EVENT_OF, WebhookService } from './modules/webhooks/service';
import { createAuthenticator } from './plugins/auth';
import { registerBodyParsers } from './plugins/body-parsers';
import { registerCompression } from './plugins/compression';
import { limitConnectionsPerAddress, trustedProxySet } from './plugins/connection-limits';
import {
  answerClientError,
  answerFrameworkError,
  apiNameOf,
  registerClosingAnswer,
  registerErrorHandling,
  sendError,
} from './plugins/errors';
import { createRedisBus, type RedisBus } from './plugins/redis';
import { generateRequestId, registerRequestId } from './plugins/request-context';
import { registerSecurityHeaders } from './plugins/security-headers';
import { isClientRoute, registerStaticWeb } from './plugins/static-web';

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  jwtSecret: Uint8Array;
  logger?: Logger;
  /** The built web app to serve; null serves the API only. */
  webDistDir?: string | null;
};

export type Services = {
  /** Null without REDIS_URL: the instance then serves on its own. */
  redis: RedisBus | null;
  caches: CacheRegistry;
  events: EventBus;
  audit: AuditService;
  sessions: SessionService;
  screens: ScreenService;
  screenAdmin: ScreenAdminService;
  settings: SettingsService;
  accounts: AccountService;
  resets: PasswordResetService;
  lockout: LockoutService;
  oidc: OidcService;
  twoFactor: TwoFactorService;
  mail: MailService;
  throttle: ThrottleService;
  files: FilesService;
  resources: ResourceService;
  /** Where bulk actions and imports record their change (one entry per operation). */
  operations: OperationLog;
  bulk: BulkActions;
  imports: ImportService;
  access: AccessService;
  administration: AdministrationService;
  projects: ProjectService;
  pos: PosService;
  cache: CacheService;
  live: LiveHub;
  push: PushService;
  tableViews: TableViewService;
  notifications: NotificationService;
  /** A record's history and comments (with @mentions). */
  recordActivity: RecordActivityService;
  exceptions: ExceptionService;
  menus: MenuService;
  configuration: ConfigurationService;
  collections: CollectionService;
  fileManager: FileManagerService;
  stats: StatsService;
  home: HomeService;
  demo: DemoService;
  retention: RetentionService;
  publicAddress: PublicAddress;
  apiKeys: ApiKeyService;
  webhooks: WebhookService;
};

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

function createServices(
  options: AppOptions,
  log: FastifyBaseLogger,
  listening: () => AddressInfo | string | null,
): Services {
  const { db } = options.database;
  const { config } = options;
  const redis = createRedisBus(config, log);
  const caches = new CacheRegistry();
  const events = new EventBus();
  if (redis) {
    bridgeEventsOverRedis(events, redis);
    caches.connect(redis);
  }
  const audit = new AuditService(db);
  const throttle = new ThrottleService(db);
  const mail = new MailService(db, config.smtpUrl, log);
  const push = new PushService(db, config, log);
  // Every call reads the configuration it serves from this one store (docs/configuration.md).
  const configurationStore = new ConfigurationStore(db, caches);
  const access = new AccessService(caches, configurationStore);
  const screens = new ScreenService(configurationStore, caches, (viewer) => access.isAdministrator(viewer));
  // The roles' grants decide who opens which screen: one more rule of the screens' access hook.
  screens.access.register('grants', async (viewer) => {
    const mayOpen = await access.screenTest(viewer);
    return (screen) => mayOpen(screen.ScreenCode);
  });
  // The till is a page of the product, not a screen: its menu entry follows the grant it needs.
  screens.access.registerPage('/pos', async (viewer) =>
    (await access.policy(viewer)).allows(TILL_GRANT[0], TILL_GRANT[1]),
  );
  // The studio is a page of the product too: its entry shows to those granted it.
  screens.access.registerPage('/studio', (viewer) => access.mayUseStudio(viewer));
  // The integrations page: administrators, and users whose role may make API keys for themselves.
  screens.access.registerPage('/integrations', async (viewer) =>
    (await access.policy(viewer)).allows(...OWN_KEYS_GRANT),
  );
  const settings = new SettingsService(
    db,
    configurationStore,
    screens,
    caches,
    config.social,
    () => push.vapidPublicKey(),
    Boolean(config.oidc.issuer && config.oidc.clientId),
    log,
  );
  const menus = new MenuService(configurationStore, settings, caches, screens);
  const sessions = new SessionService(
    db,
    options.jwtSecret,
    config.tokenTtlSeconds,
    () => settings.idleLimitMs(),
    (userIds) => events.publish({ type: 'sessions-ended', userIds }),
  );
  const publicAddress = new PublicAddress(config.publicUrl, config.host, listening);
  const lockout = new LockoutService(db, throttle, mail, audit, publicAddress, log);
  const accounts = new AccountService(db, sessions, settings, throttle, audit, config.social, lockout);
  const resets = new PasswordResetService(db, accounts, sessions, mail, audit, publicAddress, log, throttle);
  const secretBox = new SecretBox(options.jwtSecret);
  const oidc = new OidcService(
    db,
    settings,
    audit,
    throttle,
    lockout,
    secretBox,
    publicAddress,
    config.oidc,
    (user, meta) => accounts.signIn(user, meta),
  );
  const twoFactor = new TwoFactorService(db, accounts, sessions, settings, throttle, mail, audit, secretBox);
  const files = new FilesService(db, settings, {
    dataDir: config.dataDir,
    secret: options.jwtSecret,
    linkTtlSeconds: config.fileLinkTtlSeconds,
    store: config.fileStore,
  });
  const resources = new ResourceService(
    db,
    new ResourceRegistry([...DECLARED_RESOURCES, ...ADMINISTRATION_RESOURCES]),
    audit,
    events,
    files,
    access,
    options.database.readRows,
  );
  access.setOwnScreens(
    resources.registry.all().map((r) => ({ screenCode: r.declaration.screen.code, apiName: r.apiName })),
  );
  // "Add" on the target ApiKey lets a role's users make API keys for themselves.
  administrationHooks(resources, access, [{ Value: OWN_KEYS_GRANT[0], Text: 'API keys (their own)' }]);
  const configurationValidator = new ConfigValidator(resources.registry);
  const operations = new OperationLog(audit);
  const configuration = new ConfigurationService(
    db,
    configurationStore,
    caches,
    audit,
    events,
    configurationValidator,
    access,
  );
  // Changes of the configuration's tables made outside the studio are versions too, by their author.
  const recordConfigChange = (tx: Database, message: string, userId: number) =>
    configuration.recordChange(tx, message, userId);
  settings.recordSavesWith(recordConfigChange, () => configuration.changed());
  for (const [apiName, title] of [
    ['Role', 'Roles'],
    ['RoleGrant', 'Permissions'],
  ] as const) {
    resources.addWriteHook(apiName, {
      inTransaction: (change, tx) => recordConfigChange(tx, `Changed in ${title}`, change.actor.user.id),
      afterEveryCommit: () => configuration.changed(),
      readsRows: async () => false,
    });
  }
  // Collections made in the studio: served beside the declared resources, part of every publish.
  const collections = new CollectionService(db, resources, access, events);
  configuration.useCollections({
    complete: (live, next) => collections.complete(live, next),
    write: (tx, live, next, confirm) => collections.write(tx, live, next, confirm),
    committed: (next) => collections.sync(next.Collections ?? []),
  });
  configurationValidator.useChecks((document) => collections.issues(document));
  configurationStore.usePreview(() => configuration.draftView());
  resources.useColumnSettings(async (apiName, screenId) =>
    (await configurationStore.current()).columnSettings(
      apiName,
      screenId,
      resources.registry.get(apiName)?.declaration.screen.code,
    ),
  );
  const webhooks = new WebhookService(
    db,
    access,
    secretBox,
    audit,
    log,
    {
      pollMs: config.webhookPollMs,
      retryBaseMs: config.webhookRetryBaseMs,
      timeoutMs: config.webhookTimeoutMs,
    },
    (apiName) => resources.registry.get(apiName)?.apiName,
    () => resources.registry.all().map((resource) => resource.apiName),
    async () => (await settings.load()).security.webhookAllowPrivate,
  );
  // Every change of the generic protocol writes its webhooks' deliveries in its own transaction.
  resources.addWriteHookForAll({
    inTransactionMany: (changes, tx, apiName) =>
      webhooks.recordChanges(
        tx,
        changes.map((change) => ({
          resource: apiName,
          event: WEBHOOK_EVENT_OF[change.action],
          recordId: change.id,
          before: change.before,
          after: change.after,
          userId: change.actor.user.id,
        })),
      ),
    afterEveryCommit: () => webhooks.wake(),
    readsRows: (apiName, tx) => webhooks.isSubscribed(tx, apiName),
  });
  const notifications = new NotificationService(db, events, push, audit);
  notifyTaskChanges(db, resources, notifications, log);
  const recordActivity = new RecordActivityService(db, resources, notifications, audit, events, log);
  // Comments go with their deleted record: the ids are enough, no row is looked at.
  resources.addWriteHookForAll({
    inTransactionMany: recordActivity.forgetDeleted(),
    readsRows: async () => false,
  });
  return {
    redis,
    caches,
    events,
    audit,
    sessions,
    access,
    administration: new AdministrationService(
      db,
      access,
      resets,
      audit,
      events,
      menus,
      recordConfigChange,
      () => configuration.changed(),
    ),
    screens,
    screenAdmin: new ScreenAdminService(db, audit, caches, recordConfigChange, () => configuration.changed()),
    settings,
    accounts,
    resets,
    lockout,
    oidc,
    twoFactor,
    mail,
    throttle,
    files,
    resources,
    operations,
    bulk: new BulkActions(resources, audit, operations),
    imports: new ImportService(resources, audit, operations, events, files, options.database.kind),
    projects: new ProjectService(db, resources, audit, events, access, secretBox, files),
    pos: new PosService(
      db,
      files,
      audit,
      events,
      mail,
      resources,
      async () => posSellerOf((await settings.load()).uiAppConfig),
      sellerLogoReader({ webDir: options.webDistDir ?? null, files }),
    ),
    cache: new CacheService(caches, audit),
    live: new LiveHub(
      events,
      (ids) => sessions.endedAmong(ids),
      log,
      {},
      (user, event) => {
        if (event.type !== 'data-changed' && event.type !== 'comments-changed') return true;
        const resource = resources.registry.get(event.data.APIName);
        // Events of other modules (files, projects' boards) are not a resource's rows.
        if (!resource) return event.type === 'data-changed';
        // A thread is read with the record's Detail grant; a list's rows with List.
        const action = event.type === 'comments-changed' ? 'detail' : 'list';
        return access.policy(user).then((policy) => policy.allows(resource.apiName, action));
      },
    ),
    push,
    tableViews: new TableViewService(db),
    notifications,
    recordActivity,
    exceptions: new ExceptionService(db),
    menus,
    configuration,
    collections,
    fileManager: new FileManagerService(db, files, audit, events, access),
    stats: new StatsService(db, resources),
    home: new HomeService(db, resources, menus, new StatsService(db, resources)),
    demo: new DemoService(db, audit),
    retention: new RetentionService(db, settings, files, log),
    publicAddress,
    apiKeys: new ApiKeyService(
      db,
      access,
      audit,
      config.apiKeyRatePerMinute,
      // Behind a load balancer the instances share each key's rate through Redis (docs/integrations.md).
      redis
        ? new SharedKeyThrottle(redis.publisher, config.redisPrefix, config.apiKeyRatePerMinute, (error) =>
            log.warn({ error: error.message }, 'redis unavailable; API key rates counted per instance'),
          )
        : undefined,
    ),
    webhooks,
  };
}

/** Builds the HTTP server: cross-cutting plugins first, then the modules' routes. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    loggerInstance: (options.logger ?? createLogger(config.logLevel)) as FastifyBaseLogger,
    genReqId: generateRequestId,
    bodyLimit: config.bodyLimitBytes,
    // Answered by registerClosingAnswer, in the contract's shape.
    return503OnClosing: false,
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies.join(',') : false,
    // A request that has not fully arrived in time gets 408 and its connection closed; Node checks
    // open requests every second instead of every 30 s, so that the limit means what it says.
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: 1_000 },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  limitConnectionsPerAddress(
    app.server,
    config.maxConnectionsPerAddress,
    trustedProxySet(config.trustedProxies),
  );
  const services = createServices(options, app.log, () => app.server.address());
  app.decorate('services', services);
  app.decorate('actions', new Map<string, RegisteredAction>());
  app.decorateRequest('auth', null);
  // Event streams never end on their own: they are ended before the server waits for open requests.
  app.addHook('preClose', async () => services.live.closeAll());
  // The configuration the seed left is the first version, or what an upgrade brought.
  app.addHook('onReady', async () => {
    await services.collections.load();
    const unindexed = await services.collections.ensureIndexes();
    if (unindexed.length > 0)
      app.log.warn({ fields: unindexed }, 'some collection fields still lack their lookup index');
    await services.configuration.recordStart();
  });
  // Every instance trims what grows by itself, at start and then hourly (deletes are idempotent).
  app.addHook('onReady', async () => services.retention.start());
  // Every instance delivers webhooks; their claims never overlap (modules/webhooks).
  app.addHook('onReady', async () => services.webhooks.start());
  // The address is known only once the server listens.
  app.addHook('onListen', async () => {
    await services.projects
      .followOwnAddress(services.publicAddress.ownOrigin())
      .catch((error) => app.log.warn({ err: error }, 'the sample environment keeps its address'));
  });
  app.addHook('onClose', async () => {
    await services.projects.settle();
    await services.retention.stop();
    await services.webhooks.stop();
    await services.push.close();
    await services.redis?.close();
  });

  // Every route from here on is seen, for the generated API document.
  const seenRoutes = collectRoutes(app);
  registerRequestId(app);
  registerClosingAnswer(app, () => services.live.closeAll());
  registerErrorHandling(app);
  registerMessageLanguage(app);
  registerSecurityHeaders(app, () => services.settings.configuredOrigins());
  registerBodyParsers(app, config.bodyLimitBytes);
  await registerCompression(app);
  const web = await registerStaticWeb(app, options.webDistDir ?? null);

  const authenticate = createAuthenticator(
    services.sessions,
    (user) => services.access.isAdministrator(user),
    (user) => services.access.mayUseStudio(user),
    (user) => services.accounts.owedStep(user),
    (token, request) => services.apiKeys.verify(token, request.ip),
  );
  healthRoutes(app, options.database);
  // Before every route: a request of the studio's preview reads the draft through a role's eyes.
  registerPreview(app, services.configuration, services.access);
  accountRoutes(
    app,
    authenticate,
    services.accounts,
    services.resets,
    services.lockout,
    services.oidc,
    (user) => services.screens.access.openPages(user),
  );
  twoFactorRoutes(app, authenticate, services.twoFactor);
  settingsRoutes(app, authenticate, services.settings, services.audit);
  screenRoutes(app, authenticate, services.screens, services.screenAdmin);
  fileRoutes(app, authenticate, services.files, config.uploadLimitBytes);
  resourceRoutes(app, authenticate, services.resources);
  collectionRoutes(
    app,
    authenticate,
    services.resources,
    services.collections,
    services.configuration,
    services.bulk,
  );
  bulkRoutes(
    app,
    authenticate,
    services.resources.registry.all().map((resource) => resource.apiName),
    {
      bulk: services.bulk,
      imports: services.imports,
      uploadLimitBytes: config.uploadLimitBytes,
      served: (apiName) => services.collections.served(apiName) !== undefined,
    },
  );
  projectRoutes(app, authenticate, services.projects);
  administrationRoutes(app, authenticate, services.administration, services.lockout);
  posRoutes(app, authenticate, services.pos);
  apiKeyRoutes(app, authenticate, services.apiKeys);
  webhookRoutes(app, authenticate, services.webhooks);

  app.addHook('onClose', async () => {
    await services.mail.settle();
    services.mail.close();
  });
  menuRoutes(app, authenticate, services.menus);
  configurationRoutes(app, authenticate, services.configuration);
  const translations = new TranslationService(options.webDistDir ?? null, services.configuration);
  translationRoutes(app, authenticate, translations);
  // What the generic protocol says in words (the audit log) is said with the screens' own texts.
  services.resources.readScreenTextsWith(
    async (language) => JSON.parse(await translations.file(language, 'screens')) as Record<string, string>,
  );
  cacheRoutes(app, authenticate, services.cache);
  exceptionRoutes(app, authenticate, services.exceptions);
  liveRoutes(app, authenticate, services.live);
  notificationRoutes(app, authenticate, services.notifications);
  recordActivityRoutes(app, authenticate, services.recordActivity);
  pushRoutes(app, authenticate, services.push);
  tableViewRoutes(app, authenticate, services.tableViews);
  fileManagerRoutes(app, authenticate, services.fileManager);
  statsRoutes(app, authenticate, services.stats);
  homeRoutes(app, authenticate, services.home);
  demoRoutes(app, authenticate, services.demo);
  apiDocumentRoutes(app, authenticate, seenRoutes, {
    title: 'Panelwright API',
    version: `${APP_DEFAULTS.adminVersion} build ${APP_DEFAULTS.buildVersion}`,
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/')) {
      return sendError(reply, 404, 'not_found', `Api ${apiNameOf(path)} not found`);
    }
    if (web && isClientRoute(request)) return web.sendIndex(reply);
    return sendError(reply, 404, 'not_found', `Nothing is served at ${request.method} ${path.slice(0, 200)}`);
  });
  return app;
}
