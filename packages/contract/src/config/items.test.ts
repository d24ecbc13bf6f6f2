import { describe, expect, it } from 'vitest';
import { CONFIG_SETTING_NAMES, configItemIssues, configItemSchema } from './items';
import { configSettingsSchema } from './settings';

describe('the items a draft holds', () => {
  it('has a schema for each kind of item, and none for a path that is no item', () => {
    for (const item of [
      ['screens', 'products'],
      ['menus', 'side'],
      ['menus', 'app'],
      ['roles', 'staff'],
      ['settings', 'homeUrl'],
      ['translations', 'vn', 'common', 'Login'],
    ])
      expect(configItemSchema(item), item.join('.')).not.toBeNull();
    for (const item of [
      ['screens'],
      ['screens', 'products', 'columns'],
      ['menus', 'top'],
      ['settings', 'noSuchSetting'],
      ['translations', 'fr', 'common', 'Login'],
      ['translations', 'vn', 'not a namespace', 'Login'],
      ['users', 'admin'],
    ])
      expect(configItemSchema(item), item.join('.')).toBeNull();
    expect(CONFIG_SETTING_NAMES).toEqual(Object.keys(configSettingsSchema.shape));
  });

  it('says where inside the value an issue is, in words for people', () => {
    expect(configItemIssues(['settings', 'homeUrl'], '/home')).toEqual([]);
    expect(configItemIssues(['settings', 'homeUrl'], 'home')).toEqual([
      { path: [], message: 'must be a path such as /home' },
    ]);
    expect(configItemIssues(['settings', 'retention'], { auditDays: 0 })).toEqual([
      { path: ['auditDays'], message: 'must be at least 1' },
    ]);
    expect(configItemIssues(['menus', 'side'], [{ code: 'x' }])?.[0]?.path[0]).toBe(0);
    expect(configItemIssues(['users', 'admin'], {})).toBeNull();
  });
});
