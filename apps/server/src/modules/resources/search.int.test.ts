import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../../db/schema';
import { MIGRATIONS_DIR } from '../../paths';
import { insertDemoProducts } from '../../seed/demo';
import { openTestDatabase, type TestDatabase } from '../../testing/database';
import { TEST_PRODUCTS } from '../../testing/demo';
import { startTestServer, type TestServer } from '../../testing/harness';
import { lookupSelect } from '../collections/lookup';
import { DECLARED_RESOURCES } from './declarations';
import { PRODUCT_STATUSES } from './declarations/products';
import { type ListQuery, orderOf, whereOf } from './query';
import { Resource } from './registry';

/** Products whose texts differ from the seeded ones only in accents or case. */
const ACCENTED = [
  { name: 'Đèn trần phòng khách', sku: 'VN-001', description: 'Đèn LED gắn TRẦN, ánh sáng ấm.' },
  { name: 'Bàn làm việc Trần Gia', sku: 'VN-002', description: 'Gỗ sồi, phủ sơn mờ.' },
  { name: 'GHẾ XOAY Ưu Việt', sku: 'vn-003', description: 'Chair with wheels; 100% cotton_cover.' },
];

/**
 * What the search should find: every word (split on spaces) inside one of the searchable texts,
 * compared without case or accents. `folded` is JavaScript's own folding (decomposed marks removed,
 * đ as d), independent of the database's.
 */
const folded = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase();

const rowsOf = async (database: TestDatabase, query: SQL) =>
  ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('the text search: what it finds', () => {
  let server: TestServer;
  let token: string;
  let texts: { id: number; texts: string[] }[];

  beforeAll(async () => {
    server = await startTestServer({ demoProducts: TEST_PRODUCTS });
    token = await server.signIn();
    await server.database.db.insert(products).values(ACCENTED);
    const all = await server.database.db
      .select({ id: products.id, name: products.name, sku: products.sku, description: products.description })
      .from(products);
    texts = all.map((p) => ({ id: p.id, texts: [p.name, p.sku, p.description] }));
  });
  afterAll(() => server.close());

  /** The ids the old search (ILIKE on each searchable column, every word) found, from the database. */
  const foundBefore = async (search: string) => {
    const words = search.split(/\s+/).filter((word) => word !== '');
    const escaped = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const conditions = words.map(
      (word) =>
        sql`(${products.name} ilike ${escaped(word)} or ${products.sku} ilike ${escaped(word)} or ${products.description} ilike ${escaped(word)})`,
    );
    const rows = await rowsOf(
      server.database,
      sql`select id from products where ${sql.join(conditions, sql` and `)} order by id`,
    );
    return rows.map((row) => Number(row.id));
  };

  const expected = (search: string) => {
    const words = search
      .split(/\s+/)
      .filter((word) => word !== '')
      .map(folded);
    return texts
      .filter((product) => words.every((word) => product.texts.some((text) => folded(text).includes(word))))
      .map((product) => product.id)
      .sort((a, b) => a - b);
  };

  const searched = async (TextSearch: string) => {
    const res = await server.call(
      'Product/List',
      { PageSize: 1000, TextSearch, Sorts: [{ Field: 'Id', Dir: 'asc' }] },
      token,
    );
    expect(res.status).toBe(200);
    return {
      ids: res.body.Data.Data.map((row: { Id: number }) => row.Id) as number[],
      total: res.body.Data.Total,
    };
  };

  const CASES = [
    'lamp', // a word of names, in another case
    'LAMP',
    'amp', // inside a word
    'sku-000123',
    'SKU-00012',
    'breeze shelf', // every word, in any column
    'sturdy 123',
    'tran', // "Trần" without its accent
    'Trần',
    'TRAN',
    'den', // "Đèn": đ is d
    'đèn',
    'ghe xoay',
    'uu viet',
    'viet',
    'vn-003',
    '100%', // the wildcards are plain characters
    'cotton_cover',
    'n_t',
    'absent-word',
    'é',
    'ấm',
  ];

  it.each(CASES)(
    'finds for %j what it found before, plus what differs only in accents or case',
    async (search) => {
      const { ids, total } = await searched(search);
      expect(ids).toEqual(expected(search));
      expect(total).toBe(ids.length);
      const before = await foundBefore(search);
      expect(ids).toEqual(expect.arrayContaining(before));
    },
  );

  it('finds the accented products by their words written without accents, and not by others', async () => {
    expect((await searched('tran')).ids).toHaveLength(2);
    expect((await searched('phong khach')).ids).toHaveLength(1);
    expect((await searched('xyz tran')).ids).toEqual([]);
  });

  it('finds a product by its name as changed, folded, and no longer by the name it had', async () => {
    // The folded copies the search reads are generated by the database on every write (migration 0025).
    const [added] = await server.database.db
      .insert(products)
      .values({ name: 'Ấm đun Phượng Hoàng', sku: 'VN-010', description: '' })
      .returning({ id: products.id });
    try {
      expect((await searched('phuong hoang')).ids).toEqual([added!.id]);
      const res = await server.call(
        'Product/UpdateFields',
        { Id: added!.id, Values: [{ FieldName: 'Name', NewValue: 'Bình Hạc Trắng' }] },
        token,
      );
      expect(res.body.StatusCode, res.text).toBe(1);
      expect((await searched('binh hac')).ids).toEqual([added!.id]);
      expect((await searched('phuong hoang')).ids).toEqual([]);
    } finally {
      await server.database.db.delete(products).where(sql`${products.id} = ${added!.id}`);
    }
  });

  it('the text and search filters fold case and accents the same way', async () => {
    const res = await server.call(
      'Product/List',
      {
        PageSize: 1000,
        Filters: [{ FieldName: 'Name', Type: 'search', Value: 'den tran' }],
      },
      token,
    );
    expect(res.body.Data.Data.map((row: { Name: string }) => row.Name)).toEqual(['Đèn trần phòng khách']);
    const bySku = await server.call(
      'Product/List',
      { PageSize: 1000, Filters: [{ FieldName: 'Sku', Type: 'text', Value: 'VN-00' }] },
      token,
    );
    expect(bySku.body.Data.Total).toBe(3);
  });
});

/** Rows enough for the planner to prefer an index over reading the table, as on a real install. */
const LARGE = 20_000;

/** Every node of an EXPLAIN (FORMAT JSON) plan. */
type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
/** A plan node's conditions (`Filter`, `Recheck Cond`, `Index Cond`...), as the database prints them. */
const conditionsOf = (node: PlanNode): string[] =>
  Object.entries(node)
    .filter(([key, value]) => (key.endsWith('Cond') || key.endsWith('Filter')) && typeof value === 'string')
    .map(([, value]) => String(value));

describe('the text search: how the database reads it', () => {
  let database: TestDatabase;
  const product = new Resource(DECLARED_RESOURCES.find((declaration) => declaration.apiName === 'Product')!);

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(categories).values([{ name: 'Lighting', code: 'LIGHT' }]);
    await insertDemoProducts(database.db, 1, LARGE);
    // As the seed leaves the table (and autovacuum a real one after an import): the trigram indexes'
    // pending lists merged. Rows added to a GIN index wait in its pending list, which every search
    // reads whole until a vacuum merges it; with 20,000 rows waiting, reading the table looks cheaper.
    await database.db.execute(sql`vacuum analyze products`);
  }, 120_000);
  afterAll(() => database.close());

  const planOf = async (query: SQL) => {
    const [row] = await rowsOf(database, sql`explain (format json) ${query}`);
    const plan = row?.['QUERY PLAN'];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
    return nodesOf(parsed[0]!.Plan);
  };

  /** The List's count and its first page as the service asks them, for one body. */
  const queriesOf = async (body: Partial<ListQuery>) => {
    const query: ListQuery = { Page: 1, PageSize: 50, ...body };
    // No search or filter: every row (the condition is then the planner's no-op).
    const options = async (source: string) => (source === 'Status' ? PRODUCT_STATUSES : []);
    const where = (await whereOf(product, query, options, 1)) ?? sql`true`;
    const ordering = orderOf(product, query.Sorts);
    return {
      count: sql`select count(*) from ${product.table} where ${where}`,
      page: sql`select ${product.table.id} from ${product.table} where ${where} order by ${sql.join(ordering.sql, sql`, `)} limit 50`,
    };
  };

  const SEARCHES: [string, Partial<ListQuery>][] = [
    ['an absent word', { TextSearch: 'qqqzzz' }],
    ['a rare word', { TextSearch: 'sku-01999' }],
    ['two words', { TextSearch: 'alpine 1234' }],
    ['a word with accents', { TextSearch: 'Trần' }],
    ['a text filter', { Filters: [{ FieldName: 'Sku', Type: 'text', Value: 'SKU-0199' }] }],
    ['a search filter', { Filters: [{ FieldName: 'Name', Type: 'search', Value: 'kettle 1777' }] }],
  ];

  it.each(SEARCHES)(
    '%s is read through the trigram indexes, never by a sequential scan of the products',
    async (_label, body) => {
      const { count, page } = await queriesOf(body);
      for (const query of [count, page]) {
        const nodes = await planOf(query);
        const scans = nodes.filter(
          (node) => node['Relation Name'] === getTableName(products) || node['Index Name'],
        );
        expect(scans.map((node) => node['Node Type'])).not.toContain('Seq Scan');
        expect(scans.some((node) => node['Index Name']?.endsWith('_search_idx'))).toBe(true);
      }
    },
  );

  /** The shapes `bench/scale.ts` measures with 1,000,000 products, and the searches above. */
  const SCALE_SHAPES: [string, Partial<ListQuery>][] = [
    ['a common word', { TextSearch: 'lamp' }],
    [
      'a search with a status filter, sorted by price',
      {
        TextSearch: 'kettle',
        Filters: [{ FieldName: 'Status', Type: 'multiselect', Value: ['active', 'backorder'] }],
        Sorts: [{ Field: 'Price', Dir: 'desc' }],
      },
    ],
    [
      'a name filter whose second word has no trigram, sorted by release date',
      {
        Filters: [{ FieldName: 'Name', Type: 'search', Value: 'chair 12' }],
        Sorts: [{ Field: 'ReleaseDate', Dir: 'asc' }],
      },
    ],
    ...SEARCHES,
  ];

  it.each(SCALE_SHAPES)(
    '%s: its count and page never read the products whole, and check rows on their stored folded texts',
    async (_label, body) => {
      const { count, page } = await queriesOf(body);
      for (const query of [count, page]) {
        const nodes = await planOf(query);
        const productScans = nodes.filter((node) => node['Relation Name'] === getTableName(products));
        expect(productScans.map((node) => node['Node Type'])).not.toContain('Seq Scan');
        // Folding a row's text (pw_fold of a column, not of the pattern, which is folded at planning)
        // cost about 1.1 µs a candidate: most of a common word's count at 1,000,000 products.
        const folding = nodes
          .flatMap(conditionsOf)
          .filter((condition) => /pw_(fold|unaccent)\((?!')/.test(condition));
        expect(folding).toEqual([]);
      }
      const countIndexes = (await planOf(count)).map((node) => node['Index Name']);
      expect(countIndexes.some((name) => name?.endsWith('_search_idx'))).toBe(true);
    },
  );

  it('a name filter whose second word has no trigram, sorted by another column, reads the trigram candidates first', async () => {
    // "12" has no trigram: only "chair" narrows. Walking the release date's index in order and folding
    // every row's name on the way read 57,000 rows for 50 matches with 1,000,000 products (1.3–2.3 s).
    const { page } = await queriesOf({
      Filters: [{ FieldName: 'Name', Type: 'search', Value: 'chair 12' }],
      Sorts: [{ Field: 'ReleaseDate', Dir: 'asc' }],
    });
    const indexes = (await planOf(page))
      .map((node) => node['Index Name'])
      .filter((name) => name !== undefined);
    expect(indexes).toContain('products_name_search_idx');
    expect(indexes).not.toContain('products_release_date_idx');
    // At 20,000 rows the planner reads the candidates first whatever folding costs; at 1,000,000 it
    // did so only once it was told what a call of pw_fold costs (migration 0023). Since Products' names
    // are stored folded (0025) it walks the release date's index again at 1,000,000, checking each row
    // with a plain LIKE (21,000 rows for 50, as costly as the candidates and a sort: docs/performance.md);
    // the declared cost still steers the tables and collections whose texts are folded row by row.
    const [fold] = await rowsOf(database, sql`select procost from pg_proc where proname = 'pw_fold'`);
    expect(Number(fold?.procost)).toBeGreaterThanOrEqual(1000);
  });

  it('every sort the Products screen offers is read in order from an index, never sorted or scanned whole', async () => {
    const sortable = product.columns.filter((column) => column.sortable).map((column) => column.field);
    const uniqueIndexes = new Set(
      (
        await rowsOf(
          database,
          sql`select indexname as name from pg_indexes where tablename = 'products' and indexdef like 'CREATE UNIQUE%'`,
        )
      ).map((row) => String(row.name)),
    );
    expect(sortable.length).toBeGreaterThan(10);
    const unread: string[] = [];
    for (const field of ['Id', ...sortable]) {
      for (const dir of ['asc', 'desc'] as const) {
        const { page } = await queriesOf({ Sorts: [{ Field: field, Dir: dir }] });
        const nodes = await planOf(page);
        const types = nodes.map((node) => node['Node Type']);
        // An incremental sort is allowed only over a unique column's index: it then has no ties to sort.
        const overUnique = nodes.some((node) => node['Index Name'] && uniqueIndexes.has(node['Index Name']));
        if (
          types.includes('Sort') ||
          types.includes('Seq Scan') ||
          (types.includes('Incremental Sort') && !overUnique)
        )
          unread.push(`${field} ${dir}: ${types.join(' > ')}`);
      }
    }
    expect(unread).toEqual([]);
  });

  it("a relation's lookup of products by name reads the name's trigram index and checks the stored folded copy", async () => {
    // A collection's relation to Product shown by {Name}: the lookup searches products.name as the
    // search box does; without the copy it folded the name of every row (no index is on pw_fold(name)).
    const query = lookupSelect(
      database.db,
      product,
      '{Name}',
      { Field: 'Product', Search: 'chair 1777', Page: 1, PageSize: 20 },
      undefined,
    );
    const nodes = await planOf(query.getSQL());
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    expect(nodes.map((node) => node['Index Name'])).toContain('products_name_search_idx');
    expect(
      nodes.flatMap(conditionsOf).filter((condition) => /pw_(fold|unaccent)\((?!')/.test(condition)),
    ).toEqual([]);
  });

  it("every declared folded copy is generated by the database from its own column's text", async () => {
    const generated = await rowsOf(
      database,
      sql`select c.relname as "table", a.attname as "column", pg_get_expr(d.adbin, d.adrelid) as expression
          from pg_attrdef d
          join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
          join pg_class c on c.oid = d.adrelid
          where a.attgenerated = 's'`,
    );
    const copies = DECLARED_RESOURCES.flatMap((declaration) =>
      new Resource(declaration).columns.flatMap((column) =>
        column.folded && column.stored
          ? [
              {
                table: getTableName(declaration.table),
                column: column.stored.name,
                folded: column.folded.name,
              },
            ]
          : [],
      ),
    );
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      const found = generated.find((row) => row.table === copy.table && row.column === copy.folded);
      expect(found?.expression, `${copy.table}.${copy.folded}`).toBe(`pw_fold(${copy.column})`);
    }
  });

  it('every declared folded copy is among the first columns of its rows, before the texts it folds and every other column but the id', async () => {
    // A trigram candidate is checked on its folded copy, and reading a column walks the row's columns
    // before it: with the copies after 26 columns that walk was a quarter of a common word's count
    // (migration 0028). A later rewrite of the table must keep them first.
    const columns = await rowsOf(
      database,
      sql`select c.relname as "table", a.attname as "column", a.attnum as position
          from pg_attribute a join pg_class c on c.oid = a.attrelid
          where c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`,
    );
    const checked: string[] = [];
    for (const declaration of DECLARED_RESOURCES) {
      const table = getTableName(declaration.table);
      const folded = new Set(
        new Resource(declaration).columns.flatMap((column) => (column.folded ? [column.folded.name] : [])),
      );
      if (folded.size === 0) continue;
      const order = columns
        .filter((row) => row.table === table)
        .sort((a, b) => Number(a.position) - Number(b.position))
        .map((row) => String(row.column));
      expect(new Set(order.slice(1, 1 + folded.size)), table).toEqual(folded);
      checked.push(table);
    }
    expect(checked).toContain(getTableName(products));
  });

  it('every searchable column of a declared table has its trigram index on the folded text', async () => {
    const indexes = await rowsOf(
      database,
      sql`select c.relname as "table", i.indexdef as definition
          from pg_indexes i join pg_class c on c.relname = i.tablename
          where i.schemaname = 'public' and c.relkind = 'r'`,
    );
    const tables = new Set(indexes.map((row) => String(row.table)));
    const missing: string[] = [];
    for (const declaration of DECLARED_RESOURCES) {
      const resource = new Resource(declaration);
      const table = getTableName(resource.table);
      // Views (the point of sale's reports) have no indexes of their own.
      if (!tables.has(table)) continue;
      for (const column of resource.searchable) {
        const name = column.stored?.name ?? '';
        // The search compares the stored folded copy when the column has one, else pw_fold(column).
        const indexed = column.folded
          ? `(${column.folded.name} gin_trgm_ops)`
          : `pw_fold(${name}) gin_trgm_ops`;
        const found = indexes.some(
          (row) =>
            row.table === table &&
            String(row.definition).includes('USING gin') &&
            String(row.definition).includes(indexed),
        );
        if (!found) missing.push(`${table}.${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('folds as unaccent() does, inlined into the query instead of called as a query of its own (migration 0029)', async () => {
    const texts = [
      'Đèn trần phòng khách',
      'GHẾ XOAY Ưu Việt',
      'Crème brûlée à Paris',
      'Straße ÆØ',
      'ñandú',
      '',
      'sku-12 x',
    ];
    const [folds] = await rowsOf(
      database,
      sql`select array_agg(pw_fold(t) order by n) as folded,
            array_agg(lower(public.unaccent('public.unaccent'::regdictionary, t)) order by n) as expected
          from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) with ordinality as input(t, n)`,
    );
    expect(folds?.folded).toEqual(folds?.expected);
    expect(folds?.folded).toContain('den tran phong khach');
    const [row] = await rowsOf(
      database,
      sql`explain (verbose, format json) select pw_fold(sku) from products`,
    );
    const plan = JSON.stringify(row?.['QUERY PLAN']);
    expect(plan).toContain('lower(pw_unaccent(');
    expect(plan).not.toContain('pw_fold(');
    // The planner sees the inlined body: the cost 0023 gave a fold stays on it.
    const [cost] = await rowsOf(database, sql`select procost from pg_proc where proname = 'pw_unaccent'`);
    expect(Number(cost?.procost)).toBeGreaterThanOrEqual(1000);
  });

  it('migration 0029 leaves pw_fold as it was, without failing, where the migrating role is no superuser', async () => {
    if (database.kind !== 'postgres') return; // the embedded database always migrates as its superuser
    const migration = readFileSync(join(MIGRATIONS_DIR, '0029_fold_inlined.sql'), 'utf8');
    const definition = sql`select pg_get_functiondef('pw_fold(text)'::regprocedure) as text`;
    const [before] = await rowsOf(database, definition);
    const rolledBack = new Error('rolled back');
    await database.db
      .transaction(async (tx) => {
        // Roles belong to the whole cluster: this one lives only in this transaction.
        await tx.execute(sql`create role pw_0029_not_superuser nologin`);
        await tx.execute(sql`grant create, usage on schema public to pw_0029_not_superuser`);
        await tx.execute(sql`set local role pw_0029_not_superuser`);
        await tx.execute(sql.raw(migration));
        const [during] = ((await tx.execute(definition)) as unknown as { rows: { text: string }[] }).rows;
        expect(during?.text).toBe(before?.text);
        throw rolledBack;
      })
      .catch((error) => {
        if (error !== rolledBack) throw error;
      });
  });
});

describe('the filters and sorts a screen offers', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('are each backed by an index suited to them, declared with the resource', async () => {
    const indexes = (
      await rowsOf(
        database,
        sql`select i.tablename as "table", i.indexdef as definition
            from pg_indexes i join pg_class c on c.relname = i.tablename
            where i.schemaname = 'public' and c.relkind = 'r'`,
      )
    ).map((row) => {
      const [, method = '', keys = ''] = /USING (\w+) \((.*)\)/.exec(String(row.definition)) ?? [];
      return { table: String(row.table), method, first: keys.split(',')[0]?.trim().replace(/"/g, '') ?? '' };
    });
    const tables = new Set(indexes.map((index) => index.table));
    const missing: string[] = [];
    for (const declaration of DECLARED_RESOURCES) {
      const resource = new Resource(declaration);
      const table = getTableName(resource.table);
      if (!tables.has(table)) continue;
      for (const column of resource.columns) {
        // A yes/no filter keeps half the rows or so: no index serves it better than the others'.
        if (!column.filter || !column.stored || column.filter === 'checkbox') continue;
        const name = column.stored.name;
        const folded = column.folded ? `${column.folded.name} gin_trgm_ops` : `pw_fold(${name}) gin_trgm_ops`;
        const suited =
          column.filter === 'text' || column.filter === 'search'
            ? (index: (typeof indexes)[number]) => index.method === 'gin' && index.first === folded
            : column.kind.list
              ? (index: (typeof indexes)[number]) => index.method === 'gin' && index.first === name
              : (index: (typeof indexes)[number]) => index.method === 'btree' && index.first === name;
        if (!indexes.some((index) => index.table === table && suited(index))) {
          missing.push(`${table}.${name} (${column.filter})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('sorts: each column a screen may sort by leads a btree index, declared with the resource', async () => {
    const indexes = (
      await rowsOf(
        database,
        sql`select i.tablename as "table", i.indexdef as definition
            from pg_indexes i join pg_class c on c.relname = i.tablename
            where i.schemaname = 'public' and c.relkind = 'r'`,
      )
    ).map((row) => {
      const [, method = '', keys = ''] = /USING (\w+) \((.*)\)/.exec(String(row.definition)) ?? [];
      return { table: String(row.table), method, first: keys.split(',')[0]?.trim().replace(/"/g, '') ?? '' };
    });
    const tables = new Set(indexes.map((index) => index.table));
    const missing: string[] = [];
    let checked = 0;
    for (const declaration of DECLARED_RESOURCES) {
      const resource = new Resource(declaration);
      const table = getTableName(resource.table);
      // Views (the point of sale's reports) have no indexes of their own.
      if (!tables.has(table)) continue;
      for (const column of resource.columns) {
        if (!column.sortable || !column.stored) continue;
        checked += 1;
        const name = column.stored.name;
        if (
          !indexes.some((index) => index.table === table && index.method === 'btree' && index.first === name)
        )
          missing.push(`${table}.${name}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('long texts, HTML, JSON and photos are not offered as sorts unless declared so', () => {
    const product = new Resource(
      DECLARED_RESOURCES.find((declaration) => declaration.apiName === 'Product')!,
    );
    const offered = (field: string) => product.byField.get(field)?.sortable;
    for (const column of product.columns) {
      if (['textarea', 'html', 'json', 'photo'].includes(column.type))
        expect(offered(column.field)).toBe(false);
    }
    expect(offered('Price')).toBe(true);
    expect(offered('Quantity')).toBe(true);
  });
});
