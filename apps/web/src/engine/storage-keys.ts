/** Local storage keys of part 1 section 3, and the few the product adds (written down in docs). */
export const STORAGE_KEYS = {
  authToken: 'Auth-Token',
  authType: 'Auth-Type',
  authInfo: 'Auth-Info',
  categoryScreen: 'CategoryScreen',
  sideMenu: 'SideMenu',
  appMenu: 'AppMenu',
  appLogo: 'AppLogo',
  language: 'Language',
  themeSeason: 'themeSeason',
  /** Set when a call answered 401; the next login page shows the authorization-failed toast. */
  just401: 'Just401',
  /** The address a guest wanted before being sent to /login. */
  redirectAfterLogin: 'RedirectAfterLogin',
  /** The cached first-setting answer. */
  firstSetting: 'FirstSetting',
  /** The home URL of the signed-in user (from the token's `configs.home_url`). */
  homeUrl: 'HomeUrl',
  /** When the local cache was last cleared on the server's request. */
  localCacheClearedAt: 'LocalCacheClearedAt',
  /** The needClearLocalCache value (as JSON) the local cache was last cleared for. */
  localCacheClearedFor: 'LocalCacheClearedFor',
  /** Bills put aside at the till (the point of sale), to be resumed. */
  posHeldBills: 'PosHeldBills',
  /** The bill being rung up at the till, kept across a reload until it is completed or cleared. */
  posOpenBill: 'PosOpenBill',
  /** The location the till sells from. */
  posLocation: 'PosLocation',
  /** The tables' row density: comfortable (36 px rows) or compact (32 px). */
  tableDensity: 'TableDensity',
} as const;
