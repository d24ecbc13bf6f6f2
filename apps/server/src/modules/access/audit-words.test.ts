import { describe, expect, it } from 'vitest';
import { translateMessage } from '../../i18n';
import { AUDIT_ACTION_WORDS, AUDIT_OUTCOME_WORDS, auditRowInWords, spelledOut } from './audit-words';

const headers: Record<string, Record<string, string>> = {
  PosProduct: { Price: 'Price', Name: 'Name' },
};
const vietnamese: Record<string, string> = { Price: 'Giá', Language: 'Ngôn ngữ', Catalogue: 'Danh mục' };
const words = (language: 'en' | 'vn') => ({
  say: (text: string) => (language === 'vn' ? (vietnamese[text] ?? translateMessage(text, 'vn')) : text),
  titleOf: (apiName: string) => (apiName === 'PosProduct' ? 'Catalogue' : undefined),
  headerOf: (apiName: string, field: string) => headers[apiName]?.[field],
});

describe('the audit log in words', () => {
  it('names actions, resources and fields instead of their codes, in English and Vietnamese', () => {
    const change = {
      Action: 'record_update',
      Outcome: 'success',
      Resource: 'PosProduct',
      Changes: 'Price: 10 → 12',
      ChangeList: [{ field: 'Price', old: '10', new: '12' }],
      ChangedFields: null,
    };
    expect(auditRowInWords(change, words('en'))).toEqual({
      Action: 'Changed a record',
      Outcome: 'Succeeded',
      Resource: 'Catalogue',
      Changes: 'Price: 10 → 12',
    });
    expect(auditRowInWords(change, words('vn'))).toMatchObject({
      Action: 'Đã sửa bản ghi',
      Outcome: 'Thành công',
      Resource: 'Danh mục',
      Changes: 'Giá: 10 → 12',
    });
    const profile = {
      Action: 'profile_update',
      Resource: null,
      Changes: null,
      ChangeList: null,
      // As the driver may give a JSON value: its text.
      ChangedFields: '["languageCode","displayName"]',
    };
    expect(auditRowInWords(profile, words('en'))).toMatchObject({
      Action: 'Updated the profile',
      Changes: 'Language, Display name',
    });
    expect(auditRowInWords(profile, words('vn'))).toMatchObject({
      Action: 'Đã cập nhật hồ sơ',
      Changes: 'Ngôn ngữ, Tên hiển thị',
    });
  });

  it('names the colour-mode switch as its own action, in English and Vietnamese', () => {
    const row = { Action: 'color_mode_change', Resource: null, Changes: null, ChangeList: null };
    expect(auditRowInWords(row, words('en'))).toMatchObject({ Action: 'Changed the colour mode' });
    expect(auditRowInWords(row, words('vn'))).toMatchObject({ Action: 'Đã đổi chế độ màu' });
  });

  it('spells out a code it has no words for rather than showing it raw', () => {
    expect(spelledOut('file_manager_upload')).toBe('File manager upload');
    expect(spelledOut('PosBill')).toBe('Pos bill');
    expect(auditRowInWords({ Action: 'x_y', Resource: 'PosBill' }, words('en'))).toMatchObject({
      Action: 'X y',
      Resource: 'Pos bill',
    });
  });

  it('has Vietnamese words for every action and profile field', () => {
    const untranslated = [
      ...Object.values(AUDIT_ACTION_WORDS),
      ...Object.values(AUDIT_OUTCOME_WORDS),
      // "Email" is the Vietnamese word too.
      'Display name',
      'Phone number',
      'Language',
      'Avatar',
    ].filter((text) => translateMessage(text, 'vn') === text);
    expect(untranslated).toEqual([]);
  });
});
