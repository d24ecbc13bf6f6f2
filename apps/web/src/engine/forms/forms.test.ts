import { describe, expect, it } from 'vitest';
import {
  applyAfterChangeData,
  buildAfterChangeCall,
  buildFormSubmitBody,
  buildFormSubmitCall,
  CONDITION_OPS,
  changedFields,
  clearInvalidOnChange,
  clientPasswordProblem,
  conditionHolds,
  controlValueList,
  type FormControl,
  initialFormValues,
  isControlDisabled,
  isControlShown,
  isEmailAddress,
  REQUIRED_FIELDS_WARNING,
  shouldCloseModalAfterSubmit,
  shownControls,
  validateRequiredFields,
} from './index';

describe('conditions', () => {
  const values = { Kind: 'B', Qty: 5, Tags: ['x', 'y'], Note: '', Empty: null };

  it.each([
    [{ fieldName: 'Kind', op: 'eq', value: 'B' }, true],
    [{ fieldName: 'Kind', op: 'eq', value: 'A' }, false],
    [{ fieldName: 'Qty', op: 'eq', value: '5' }, true],
    [{ fieldName: 'Kind', op: 'ne', value: 'A' }, true],
    [{ fieldName: 'Kind', op: 'ne', value: 'B' }, false],
    [{ fieldName: 'Kind', op: 'in', value: ['A', 'B'] }, true],
    [{ fieldName: 'Kind', op: 'in', value: 'A, B' }, true],
    [{ fieldName: 'Kind', op: 'in', value: ['A', 'C'] }, false],
    [{ fieldName: 'Tags', op: 'in', value: ['y'] }, true],
    [{ fieldName: 'Kind', op: 'notIn', value: ['A', 'C'] }, true],
    [{ fieldName: 'Kind', op: 'notIn', value: ['B'] }, false],
    [{ fieldName: 'Note', op: 'empty' }, true],
    [{ fieldName: 'Empty', op: 'empty' }, true],
    [{ fieldName: 'Missing', op: 'empty' }, true],
    [{ fieldName: 'Kind', op: 'empty' }, false],
    [{ fieldName: 'Kind', op: 'notEmpty' }, true],
    [{ fieldName: 'Note', op: 'notEmpty' }, false],
  ] as const)('%j → %s', (condition, expected) => {
    expect(conditionHolds(condition, values)).toBe(expected);
  });

  it('has the six operators, and an unknown one never holds', () => {
    expect(Object.keys(CONDITION_OPS).sort()).toEqual(['empty', 'eq', 'in', 'ne', 'notEmpty', 'notIn']);
    expect(conditionHolds({ fieldName: 'Kind', op: 'gt' as never, value: 1 }, values)).toBe(false);
    expect(conditionHolds({ fieldName: 'Kind', op: 'toString' as never }, values)).toBe(false);
  });
});

describe('showing and disabling controls', () => {
  const control = (extra: Partial<FormControl>): FormControl => ({ fieldName: 'X', ...extra });

  it('shows a control without conditions', () => {
    expect(isControlShown(control({}), {})).toBe(true);
  });

  it('conditionShow: shown only when all hold', () => {
    const c = control({
      conditionShow: [
        { fieldName: 'Kind', op: 'eq', value: 'B' },
        { fieldName: 'Qty', op: 'notEmpty' },
      ],
    });
    expect(isControlShown(c, { Kind: 'B', Qty: 1 })).toBe(true);
    expect(isControlShown(c, { Kind: 'B' })).toBe(false);
    expect(isControlShown(c, { Kind: 'A', Qty: 1 })).toBe(false);
  });

  it('hide: hidden when any holds, even if conditionShow holds', () => {
    const c = control({
      conditionShow: [{ fieldName: 'Kind', op: 'eq', value: 'B' }],
      hide: [
        { fieldName: 'Locked', op: 'eq', value: true },
        { fieldName: 'Qty', op: 'empty' },
      ],
    });
    expect(isControlShown(c, { Kind: 'B', Qty: 1, Locked: false })).toBe(true);
    expect(isControlShown(c, { Kind: 'B', Qty: 1, Locked: true })).toBe(false);
    expect(isControlShown(c, { Kind: 'B', Locked: false })).toBe(false);
    expect(shownControls([c, control({ fieldName: 'Y' })], { Kind: 'A' }).map((x) => x.fieldName)).toEqual([
      'Y',
    ]);
  });

  it('disabled by config (or a disabled form)', () => {
    expect(isControlDisabled(control({ disabled: true }))).toBe(true);
    expect(isControlDisabled(control({}))).toBe(false);
    expect(isControlDisabled(control({}), true)).toBe(true);
  });
});

describe('required fields', () => {
  const controls: FormControl[] = [
    { fieldName: 'Name', required: true, msgInvalid: 'Name please' },
    { fieldName: 'Tags', required: true },
    { fieldName: 'Qty', required: true },
    { fieldName: 'Note' },
    { fieldName: 'Reason', required: true, conditionShow: [{ fieldName: 'Kind', op: 'eq', value: 'Other' }] },
  ];

  it('marks null or empty required fields invalid, with the warning text', () => {
    const result = validateRequiredFields(controls, { Name: '  ', Tags: [], Qty: null, Kind: 'A' });
    expect(result).toEqual({
      valid: false,
      invalidFields: ['Name', 'Tags', 'Qty'],
      messages: { Name: 'Name please' },
      warning: 'Please fill out all required fields.',
    });
    expect(REQUIRED_FIELDS_WARNING).toBe('Please fill out all required fields.');
  });

  it('is valid when every shown required field has a value (0 and false are values)', () => {
    expect(validateRequiredFields(controls, { Name: 'a', Tags: ['x'], Qty: 0 })).toMatchObject({
      valid: true,
      invalidFields: [],
      warning: undefined,
    });
  });

  it('checks a conditionally shown required field only while shown', () => {
    expect(
      validateRequiredFields(controls, { Name: 'a', Tags: 'x', Qty: 1, Kind: 'Other' }).invalidFields,
    ).toEqual(['Reason']);
  });

  it('clears an invalid mark once the field has a value', () => {
    expect(clearInvalidOnChange(['Name', 'Qty'], 'Name', 'Ann')).toEqual(['Qty']);
    expect(clearInvalidOnChange(['Name', 'Qty'], 'Name', ' ')).toEqual(['Name', 'Qty']);
    expect(clearInvalidOnChange(['Qty'], 'Qty', 0)).toEqual([]);
  });
});

describe('values, submit and after-change', () => {
  it('starts from the defaults, then the record', () => {
    const controls: FormControl[] = [
      { fieldName: 'Qty', default: 1 },
      { fieldName: 'Kind', default: 'A' },
      { fieldName: 'Note' },
    ];
    expect(initialFormValues(controls, { Kind: 'B', Note: null })).toEqual({ Qty: 1, Kind: 'B' });
  });

  it('splits a multi-select value by its separator, comma by default', () => {
    expect(controlValueList({ fieldName: 'T' }, 'a,b')).toEqual(['a', 'b']);
    expect(controlValueList({ fieldName: 'T', separator: ';' }, 'a;b')).toEqual(['a', 'b']);
  });

  it('submits {DefaultValues, DataForm}', () => {
    expect(buildFormSubmitBody({ Name: 'a' }, { ShopId: 1 })).toEqual({
      DefaultValues: { ShopId: 1 },
      DataForm: { Name: 'a' },
    });
    expect(buildFormSubmitBody({ Name: 'a' })).toEqual({ DefaultValues: {}, DataForm: { Name: 'a' } });
  });

  it('submits to the configured url, POST by default', () => {
    const call = buildFormSubmitCall(
      { url: '/api/v1/Orders/Save/[Id]', afterChange: {}, controls: [] },
      { Id: 3, Name: 'a' },
      { screenApiName: 'Orders', defaultValues: { ShopId: 1 } },
    );
    expect(call).toEqual({
      target: { url: '/api/v1/Orders/Save/3' },
      url: '/api/v1/Orders/Save/3',
      method: 'POST',
      body: { DefaultValues: { ShopId: 1 }, DataForm: { Id: 3, Name: 'a' } },
    });
    expect(
      buildFormSubmitCall({ name: 'AddNew', method: 'GET' }, {}, { screenApiName: 'Orders' }),
    ).toMatchObject({
      url: '/api/v1/Orders/AddNew',
      method: 'GET',
    });
  });

  it('calls the after-change api of a field, if it has one', () => {
    const config = { afterChange: { ProductId: { name: 'OnProduct' } } };
    expect(
      buildAfterChangeCall(config, 'ProductId', { ProductId: 4 }, { screenApiName: 'Orders' }),
    ).toMatchObject({
      url: '/api/v1/Orders/OnProduct',
      body: { DefaultValues: {}, DataForm: { ProductId: 4 } },
    });
    expect(buildAfterChangeCall(config, 'Qty', {}, { screenApiName: 'Orders' })).toBeNull();
    expect(buildAfterChangeCall({}, 'Qty', {}, { screenApiName: 'Orders' })).toBeNull();
  });

  it("applies an after-change answer's Data map to the values", () => {
    expect(applyAfterChangeData({ ProductId: 4, Price: 0 }, { Price: 12.5, Unit: 'kg' })).toEqual({
      ProductId: 4,
      Price: 12.5,
      Unit: 'kg',
    });
    const values = { A: 1 };
    expect(applyAfterChangeData(values, null)).toBe(values);
    expect(applyAfterChangeData(values, [1])).toBe(values);
  });

  it('closes its modal after a successful submit only when configured to', () => {
    expect(shouldCloseModalAfterSubmit({ closeMyModalAfterSubmit: true }, true)).toBe(true);
    expect(shouldCloseModalAfterSubmit({ closeMyModalAfterSubmit: true }, false)).toBe(false);
    expect(shouldCloseModalAfterSubmit({}, true)).toBe(false);
  });
});

describe('form changes', () => {
  it('lists the fields whose value differs from the start', () => {
    expect(changedFields({ A: 1, B: 'x' }, { A: 1, B: 'y' })).toEqual(['B']);
    expect(changedFields({ A: { x: [1] } }, { A: { x: [1] } })).toEqual([]);
    expect(changedFields({ A: { x: [1] } }, { A: { x: [2] } })).toEqual(['A']);
    expect(changedFields({}, { A: 'typed' })).toEqual(['A']);
  });

  it('takes an emptied field as unchanged', () => {
    expect(changedFields({}, { A: '', B: null, C: '  ', D: [] })).toEqual([]);
    expect(changedFields({ A: null }, { A: '' })).toEqual([]);
  });
});

describe('account checks', () => {
  it('says which field a password problem is about, with the texts of the specification', () => {
    expect(clientPasswordProblem('', '')).toEqual({
      field: 'password',
      message: 'Please fill your password',
    });
    expect(clientPasswordProblem('a', 'b')).toEqual({
      field: 'confirm',
      message: 'Password and Confirm Password must be match',
    });
    expect(clientPasswordProblem('a', 'a')).toBeNull();
  });

  it('checks the e-mail format', () => {
    expect(isEmailAddress('name@example.com')).toBe(true);
    expect(isEmailAddress(' name@example.com ')).toBe(true);
    expect(isEmailAddress('name@example')).toBe(false);
    expect(isEmailAddress('name example.com')).toBe(false);
    expect(isEmailAddress('')).toBe(false);
  });
});
