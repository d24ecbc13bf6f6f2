import { STATUS_SUCCESS } from '@panelwright/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posLocations, posProducts, posStockMovements } from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';

// The invoice PDF attached to a mail, through a real SMTP server on loopback.
let server: TestServer;
let smtp: SMTPServer;
const received: { to: string[]; raw: string }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mailing an invoice', () => {
  it('sends the invoice PDF as an attachment, and refuses a malformed address', async () => {
    const token = await server.signIn();
    const db = server.database.db;
    const [location] = await db.insert(posLocations).values({ code: 'M', name: 'Mail shop' }).returning();
    const [product] = await db
      .insert(posProducts)
      .values({ sku: 'MAIL-1', name: 'Letter paper', price: '2.50', taxRate: '10' })
      .returning();
    await db.insert(posStockMovements).values({
      productId: product?.id ?? 0,
      locationId: location?.id ?? 0,
      quantity: 3,
      kind: 'adjustment',
    });
    const sold = await server.call(
      'Pos/Sell',
      {
        LocationId: location?.id,
        Lines: [{ ProductId: product?.id, Quantity: 2 }],
        Payments: [{ Method: 'card', Amount: 550 }],
      },
      token,
    );
    const bill = sold.body.Data;
    const bad = await server.call('Pos/MailInvoice', { Id: bill.Id, Email: 'not an address' }, token);
    expect(bad.status).toBe(400);
    const mailed = await server.call(
      'Pos/MailInvoice',
      { Id: bill.Id, Email: 'accounts@example.com' },
      token,
    );
    expect(mailed.body).toMatchObject({
      StatusCode: STATUS_SUCCESS,
      Msg: `The invoice ${bill.Number} is on its way to accounts@example.com.`,
    });
    await server.app.services.mail.settle();
    expect(received).toHaveLength(1);
    const mail = received[0];
    expect(mail?.to).toEqual(['accounts@example.com']);
    expect(mail?.raw).toMatch(new RegExp(`Subject: Invoice ${bill.Number}`));
    expect(mail?.raw).toMatch(new RegExp(`Content-Type: application/pdf; name=Invoice-${bill.Number}\\.pdf`));
    // The attachment's base64 starts with %PDF-.
    expect(mail?.raw).toContain('JVBERi0');
  });
});
