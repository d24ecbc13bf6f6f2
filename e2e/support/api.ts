import type { RunningServer } from './server';

/** A direct call to the product's API, for setting a scene (never for what the test checks in the UI). */
export async function apiCall(server: RunningServer, name: string, body: object = {}, token?: string) {
  const response = await fetch(`${server.url}/api/v1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

export async function signInByApi(
  server: RunningServer,
  username: string,
  password: string,
): Promise<string> {
  const response = await fetch(`${server.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** Switches feature flags as an administrator would on the settings page. */
export async function saveSettings(
  server: RunningServer,
  adminToken: string,
  uiAppConfig: object,
): Promise<void> {
  const answer = await apiCall(
    server,
    'GlobalAppSetting/SaveSettings',
    { UIAppConfig: uiAppConfig },
    adminToken,
  );
  if (answer.body.StatusCode !== 1) throw new Error(`settings not saved: ${JSON.stringify(answer.body)}`);
}

/**
 * Saves the user's view of a table screen with every column shown, in the screen's order, as the
 * column chooser would: for suites whose subject is every cell type, not the default columns.
 */
export async function showEveryColumn(
  server: RunningServer,
  token: string,
  screenCode: string,
  apiName: string,
): Promise<void> {
  const listed = await apiCall(server, `${apiName}/List`, { Page: 1, PageSize: 1 }, token);
  const columns = Object.entries(listed.body.Data.ExtraData.Columns as Record<string, { Index?: number }>)
    .sort(([, a], [, b]) => (a.Index ?? 0) - (b.Index ?? 0))
    .map(([Field]) => ({ Field, Visible: true }));
  const saved = await apiCall(server, 'TableView/Save', { ScreenCode: screenCode, Columns: columns }, token);
  if (saved.body.StatusCode !== 1) throw new Error(`TableView/Save failed: ${JSON.stringify(saved.body)}`);
}
