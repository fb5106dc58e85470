import { describe, expect, it } from 'vitest';
import { csvField, fileHeader, fileLine } from './export-format.js';

describe('export files', () => {
  it('quote CSV fields that need it and defuse spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"\n')).toBe('"say ""hi""\n"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField(null)).toBe('');
    expect(csvField({ plan: 'gold' })).toBe('"{""plan"":""gold""}"');
  });

  it('write a payment as a CSV row in major units with its currency, and as a JSONL line', () => {
    const payment = {
      id: 'PM1',
      created_at: '2026-11-27T10:00:00.000Z',
      mandate_id: 'MD1',
      status: 'settled',
      amount: '12.50',
      currency: 'GBP',
      amount_refunded: '0.00',
      reference: 'INV 1',
      end_to_end_id: 'PM1',
      settlement_date: '2026-11-27',
      failure_code: null,
      retry_count: 0,
      clearing_status: 'cleared',
      metadata: {},
    };
    expect(fileHeader('payments', 'csv')).toBe(
      'id,created_at,mandate_id,status,amount,currency,amount_refunded,reference,end_to_end_id,settlement_date,failure_code,retry_count,clearing_status,metadata\r\n',
    );
    expect(fileLine('payments', 'csv', payment)).toBe(
      'PM1,2026-11-27T10:00:00.000Z,MD1,settled,12.50,GBP,0.00,INV 1,PM1,2026-11-27,,0,cleared,{}\r\n',
    );
    expect(fileHeader('payments', 'jsonl')).toBe('');
    expect(JSON.parse(fileLine('payments', 'jsonl', payment))).toEqual(payment);
  });

  it('flatten a mandate limits into columns', () => {
    const line = fileLine('mandates', 'csv', {
      id: 'MD1',
      created_at: 't',
      customer_id: 'CU1',
      status: 'active',
      limits: { maximum_amount: '50.00', currency: 'EUR', frequency: 'monthly' },
      description: 'Gym',
      revoked_at: null,
      revoked_by: null,
      suspended_at: null,
      metadata: { a: 1 },
    });
    expect(line).toBe('MD1,t,CU1,active,50.00,EUR,monthly,Gym,,,,"{""a"":1}"\r\n');
  });
});
