import { describe, expect, it } from 'vitest';
import { pageTypeOf } from '../screens';
import { relatedListsOf, relatedScreenOf } from './related-lists';

describe('related lists of a row', () => {
  it('reads the lists the server names and leaves out what is not a name', () => {
    expect(
      relatedListsOf({
        related: [
          { apiName: 'Customer', field: 'Category', title: 'Customers' },
          { apiName: 'Order', field: 'Category' },
          { apiName: '../x', field: 'Category' },
          { apiName: 'Customer', field: 'a b' },
          'Customer',
          null,
        ],
      }),
    ).toEqual([
      { apiName: 'Customer', field: 'Category', title: 'Customers' },
      { apiName: 'Order', field: 'Category', title: 'Order' },
    ]);
    expect(relatedListsOf({ fields: 'Name' })).toEqual([]);
    expect(relatedListsOf({ related: 'Customer' })).toEqual([]);
  });

  it('draws each as its resource’s table narrowed to the records pointing at the row', () => {
    const list = { apiName: 'Customer', field: 'Category', title: 'Customers' };
    expect(relatedScreenOf(list, { Id: 7, Name: 'Lamps' })).toMatchObject({
      id: 'related:Customer:Category:7',
      apiName: 'Customer',
      apiMethod: 'List',
      uiType: 'table',
      pageType: pageTypeOf('table'),
      title: 'Customers',
      requestData: { Category: 7 },
    });
    expect(relatedScreenOf(list, { Id: '12' })?.requestData).toEqual({ Category: 12 });
    expect(relatedScreenOf(list, { Name: 'new' })).toBeNull();
  });
});
