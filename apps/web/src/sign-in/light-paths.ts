/** The pages the light sign-in entry draws by itself; any other page is the app's. */
export function isLightSignInPath(pathname: string): boolean {
  return /^\/login\/?$/.test(pathname);
}
