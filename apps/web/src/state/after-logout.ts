/** A hook that runs after a logout: the session's credentials are gone, the user's data still cached. */
export type AfterLogoutHook = () => void | Promise<void>;

const hooks = new Map<string, AfterLogoutHook>();

/**
 * Registers an after-logout hook (part 1 section 4: "Logout clears token, type and info, runs the
 * after-logout hooks, clears cached first settings..."): one registry, each hook under its own name,
 * a name only once. Answers the function that removes it.
 */
export function registerAfterLogout(name: string, hook: AfterLogoutHook): () => void {
  if (hooks.has(name)) throw new Error(`An after-logout hook named ${name} is registered already`);
  hooks.set(name, hook);
  return () => {
    if (hooks.get(name) === hook) hooks.delete(name);
  };
}

/** The names of the registered hooks, in the order they run. */
export function afterLogoutHookNames(): string[] {
  return [...hooks.keys()];
}

/**
 * Runs every hook in the order registered. A hook that fails does not stop the others nor the logout;
 * the failures are answered so that the caller can report them.
 */
export async function runAfterLogoutHooks(): Promise<unknown[]> {
  const failures: unknown[] = [];
  for (const hook of [...hooks.values()]) {
    try {
      await hook();
    } catch (error) {
      failures.push(error);
    }
  }
  return failures;
}
