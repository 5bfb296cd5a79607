import { describe, expect, it } from 'vitest';
import { billingFormErrors, initialBillingForm, toBillingDetails, type BillingForm } from './billing.ts';

describe('initialBillingForm', () => {
  it.each([
    ['Ada Lovelace', 'Ada', 'Lovelace'],
    ['  Jean  Claude Van Damme ', 'Jean', 'Claude Van Damme'],
    ['Cher', 'Cher', ''],
    [null, '', ''],
  ])('splits %j into first word and remainder', (name, first, last) => {
    const form = initialBillingForm({ name, email: 'a@example.com' });
    expect([form.firstName, form.lastName, form.email]).toEqual([first, last, 'a@example.com']);
    expect(form.address.country).toBe('US');
  });
});

const valid: BillingForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  address: { line1: '1 Main St', line2: '', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' },
};

describe('billingFormErrors: every field but line2 is required', () => {
  it('accepts a complete form without line2', () => {
    expect(billingFormErrors(valid)).toEqual({});
  });

  it.each([
    ['firstName', { ...valid, firstName: ' ' }, 'First Name is required'],
    ['lastName', { ...valid, lastName: '' }, 'Last Name is required'],
    ['email', { ...valid, email: '' }, 'Email is required'],
    ['address.line1', { ...valid, address: { ...valid.address, line1: '' } }, 'Street Address is required'],
    ['address.city', { ...valid, address: { ...valid.address, city: '' } }, 'City is required'],
    ['address.state', { ...valid, address: { ...valid.address, state: '' } }, 'State / Province is required'],
    ['address.postal_code', { ...valid, address: { ...valid.address, postal_code: '' } }, 'ZIP / Postal Code is required'],
    ['address.country', { ...valid, address: { ...valid.address, country: 'XX' } }, 'Country is required'],
  ])('%s', (field, form, message) => {
    expect(billingFormErrors(form)).toEqual({ [field]: message });
  });
});

describe('toBillingDetails', () => {
  it('joins the name and passes the address as Stripe takes it', () => {
    expect(toBillingDetails(valid)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      address: { line1: '1 Main St', line2: '', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' },
    });
  });
});
