import { describe, expect, it } from 'vitest';
import { controlOptions, readFormConfig } from './form-config';

describe('form configuration', () => {
  it('reads the first source with controls, dropping what does not fit', () => {
    const config = readFormConfig(
      undefined,
      { title: 'no controls' },
      {
        path: 'Demo',
        name: 'FormSave',
        method: 'post',
        closeMyModalAfterSubmit: true,
        defaultValues: { FormCode: 'order' },
        afterChange: { Product: { name: 'X' } },
        controls: [
          { fieldName: 'Kind', type: 'radio', required: true, default: 'a', more: { options: [] } },
          {
            fieldName: 'Reason',
            conditionShow: [{ fieldName: 'Kind', op: 'eq', value: 'other' }, { op: 'eq' }],
          },
          { label: 'no field name' },
          'junk',
        ],
      },
    );
    expect(config).toEqual({
      path: 'Demo',
      name: 'FormSave',
      method: 'post',
      closeMyModalAfterSubmit: true,
      defaultValues: { FormCode: 'order' },
      afterChange: { Product: { name: 'X' } },
      controls: [
        { fieldName: 'Kind', type: 'radio', required: true, default: 'a', more: { options: [] } },
        { fieldName: 'Reason', conditionShow: [{ fieldName: 'Kind', op: 'eq', value: 'other' }] },
      ],
    });
    expect(readFormConfig('not a form')).toEqual({ controls: [] });
  });

  it("takes a control's own options, else the list of its optionKey, else {Key}List", () => {
    const lists = {
      Region: [{ Value: 'n', Text: 'North' }],
      CategoryList: [{ Value: 3, Text: 'Lamps' }, { bad: 1 }],
    };
    expect(controlOptions({ fieldName: 'A', more: { options: [{ Value: 1, Text: 'One' }] } }, lists)).toEqual(
      [{ Value: 1, Text: 'One' }],
    );
    expect(controlOptions({ fieldName: 'A', optionKey: 'Region' }, lists)).toEqual([
      { Value: 'n', Text: 'North' },
    ]);
    expect(controlOptions({ fieldName: 'A', optionKey: 'Category' }, lists)).toEqual([
      { Value: 3, Text: 'Lamps' },
    ]);
    expect(controlOptions({ fieldName: 'A', optionKey: 'Missing' }, lists)).toEqual([]);
  });

  it('keeps the mark of data (Verbatim) the server gave an option, so that a form never translates it', () => {
    const lists = {
      CategoryList: [{ Value: 6, Text: 'Office', Verbatim: true }],
      Status: [{ Value: 'a', Text: 'Active' }],
    };
    expect(controlOptions({ fieldName: 'A', optionKey: 'Category' }, lists)).toEqual([
      { Value: 6, Text: 'Office', Verbatim: true },
    ]);
    expect(controlOptions({ fieldName: 'A', optionKey: 'Status' }, lists)).toEqual([
      { Value: 'a', Text: 'Active' },
    ]);
  });
});
