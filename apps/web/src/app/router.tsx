import { createBrowserRouter } from 'react-router';
import { api } from '../api/api';
import { DEMO_SCREEN_PAGES } from '../features/demo/demo-pages';
import { installAddress, installNavigator } from '../state/navigation';
import { loadIcons } from '../styles/load-icons';
import { ErrorPage } from './error-page';
import { PasswordChangeGuard } from './password-change-guard';
import { RequireAuth } from './require-auth';
import { RequireAccess, RequireSettingsPage } from './route-access';

/** The till's first read: refused (403) to users whose role may not sell. */
const probeTill = () => api.post('Pos', 'Locations', {}, { silent: true, hideError: true });

/**
 * The router, made on first use rather than when this module loads: the light sign-in page loads the
 * app ahead of need (at idle), and the router must start from the address the user is at when the app
 * takes over, not from /login.
 */
export function getRouter(): AppRouter {
  if (!router) {
    router = createAppRouter();
    installRouterNavigation(router);
  }
  return router;
}
type AppRouter = ReturnType<typeof createBrowserRouter>;
let router: AppRouter | null = null;

/** Public and private routes of part 1 section 2; every page is a lazily loaded chunk. */
const createAppRouter = () =>
  createBrowserRouter([
    {
      element: <PasswordChangeGuard />,
      errorElement: <ErrorPage />,
      children: [
        // Blank layout: the sign-in, recovery and token-redirect pages.
        {
          path: '/login',
          lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
        },
        {
          path: '/forgot',
          lazy: () => import('../features/auth/forgot-page').then((m) => ({ Component: m.ForgotPage })),
        },
        {
          path: '/register',
          lazy: () => import('../features/auth/register-page').then((m) => ({ Component: m.RegisterPage })),
        },
        {
          path: '/reset-password/:tokenkey?',
          lazy: () =>
            import('../features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
        },
        {
          path: '/unlock-account/:key',
          lazy: () =>
            import('../features/auth/unlock-account-page').then((m) => ({ Component: m.UnlockAccountPage })),
        },
        {
          path: '/redirect',
          lazy: () => import('../features/auth/redirect-page').then((m) => ({ Component: m.RedirectPage })),
        },
        {
          // The icon font's stylesheet comes with the layout, never with the sign-in pages.
          lazy: () =>
            Promise.all([import('./layout/main-layout'), loadIcons()]).then(([m]) => ({
              Component: m.MainLayout,
            })),
          children: [
            {
              index: true,
              lazy: () => import('../features/home/welcome-page').then((m) => ({ Component: m.WelcomePage })),
            },
            {
              path: '/welcome',
              lazy: () => import('../features/home/welcome-page').then((m) => ({ Component: m.WelcomePage })),
            },
            // Public test pages.
            {
              path: '/test/test_input_range',
              lazy: () =>
                import('../features/test-pages/input-range-page').then((m) => ({
                  Component: m.InputRangePage,
                })),
            },
            {
              path: '/test/test_camera',
              lazy: () =>
                import('../features/test-pages/camera-page').then((m) => ({ Component: m.CameraPage })),
            },
            {
              element: <RequireAuth />,
              children: [
                {
                  path: '/home',
                  lazy: () => import('../features/home/home-page').then((m) => ({ Component: m.HomePage })),
                },
                {
                  element: <RequireSettingsPage />,
                  children: [
                    {
                      path: '/setting',
                      lazy: () =>
                        import('../features/settings/settings-page').then((m) => ({
                          Component: m.SettingsPage,
                        })),
                    },
                  ],
                },
                {
                  element: <RequireAccess page="pos" probe={probeTill} />,
                  children: [
                    {
                      path: '/pos',
                      lazy: () => import('../features/pos/pos-page').then((m) => ({ Component: m.PosPage })),
                    },
                  ],
                },
                {
                  path: '/studio/*',
                  lazy: () =>
                    import('../features/studio/studio-page').then((m) => ({ Component: m.StudioPage })),
                },
                {
                  path: '/integrations',
                  lazy: () =>
                    import('../features/integrations/integrations-page').then((m) => ({
                      Component: m.IntegrationsPage,
                    })),
                },
                {
                  path: '/my-profile',
                  lazy: () =>
                    import('../features/profile/my-profile-page').then((m) => ({
                      Component: m.MyProfilePage,
                    })),
                },
                // The demo pages: configured screens, the API document and the shipped Markdown docs.
                {
                  path: '/demo/api_document',
                  lazy: () =>
                    import('../features/demo/adoc-page').then((m) => ({ Component: m.ApiDocumentPage })),
                },
                ...DEMO_SCREEN_PAGES.map((name) => ({
                  path: `/demo/${name}`,
                  lazy: () =>
                    import('../features/demo/demo-screen-page').then((m) => ({
                      Component: m.DemoScreenPage,
                    })),
                })),
                {
                  path: '/adoc/:name',
                  lazy: () => import('../features/demo/adoc-page').then((m) => ({ Component: m.AdocPage })),
                },
              ],
            },
            // Developer pages: in development builds only; production bundles do not contain them.
            ...(import.meta.env.DEV
              ? [
                  {
                    path: '/dev/:page/*',
                    lazy: () =>
                      import('../features/dev-pages/dev-page').then((m) => ({ Component: m.DevPage })),
                  },
                ]
              : []),
            // Server-provided screens, else page-not-found.
            { path: '*', lazy: () => import('./screen-page').then((m) => ({ Component: m.ScreenPage })) },
          ],
        },
      ],
    },
  ]);

function installRouterNavigation(router: AppRouter): void {
  installNavigator((to, options) => router.navigate(to, options));
  installAddress({
    search: () => router.state.location.search,
    subscribe: (listener) => router.subscribe(() => listener()),
    setSearch: (search, replace) => {
      const { pathname, hash } = router.state.location;
      void router.navigate({ pathname, search, hash }, { replace, preventScrollReset: true });
    },
  });
}
