import { z } from 'zod';
import { COUNTRIES, DEFAULT_COUNTRY } from '../constants.ts';
import { userSchema } from './auth.ts';

/** `GET /api/stripe/config`: whether billing is on, and the key Stripe.js needs when it is. */
export const billingConfigSchema = z.object({
  enabled: z.boolean(),
  publishableKey: z.string().nullable(),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;

/**
 * `POST /api/stripe/create-checkout`: `sessionId` is the client secret the Payment Element
 * confirms; `subscriptionId` is what the success page later asks the server to verify.
 */
export const checkoutResponseSchema = z.object({
  success: z.literal(true),
  sessionId: z.string().min(1),
  subscriptionId: z.string().min(1),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** Identifiers Stripe hands out: letters, digits and underscores. */
export const stripeIdSchema = z
  .string()
  .trim()
  .min(1, 'session_id is required')
  .max(255)
  .regex(/^[A-Za-z0-9_]+$/, 'session_id is not a Stripe identifier');

/** `GET /api/stripe/verify-session?session_id=` */
export const verifySessionQuerySchema = z.object({ session_id: stripeIdSchema });

/** The answer of verify-session, cancel and resume: the member as the server now sees them. */
export const billingUserResponseSchema = z.object({
  success: z.literal(true),
  user: userSchema,
});
export type BillingUserResponse = z.infer<typeof billingUserResponseSchema>;

/** `POST /api/stripe/portal`: the address of Stripe's billing portal for this member. */
export const portalResponseSchema = z.object({
  success: z.literal(true),
  url: z.url(),
});

const required = (label: string) => z.string().trim().min(1, `${label} is required`).max(200);

/** Billing form: every field but line2 is required. */
export const billingFormSchema = z.object({
  firstName: required('First Name'),
  lastName: required('Last Name'),
  email: required('Email').pipe(z.email('Please enter a valid email address')),
  address: z.object({
    line1: required('Street Address'),
    line2: z.string().trim().max(200).optional(),
    city: required('City'),
    state: required('State / Province'),
    postal_code: required('ZIP / Postal Code'),
    country: z.enum(COUNTRIES, { error: 'Country is required' }),
  }),
});
export type BillingForm = z.infer<typeof billingFormSchema>;

/** An empty form for a member: the name split into its first word and the remainder. */
export function initialBillingForm(user: { name?: string | null; email: string } | null): BillingForm {
  const words = (user?.name ?? '').trim().split(/\s+/).filter(Boolean);
  return {
    firstName: words[0] ?? '',
    lastName: words.slice(1).join(' '),
    email: user?.email ?? '',
    address: { line1: '', line2: '', city: '', state: '', postal_code: '', country: DEFAULT_COUNTRY },
  };
}

/** The billing details Stripe's confirmPayment takes, from a valid form. */
export function toBillingDetails(form: BillingForm) {
  return {
    name: `${form.firstName} ${form.lastName}`.trim(),
    email: form.email,
    address: {
      line1: form.address.line1,
      line2: form.address.line2 || '',
      city: form.address.city,
      state: form.address.state,
      postal_code: form.address.postal_code,
      country: form.address.country,
    },
  };
}

/** Field paths ('address.city') to their first message, for showing errors beside the fields. */
export function billingFormErrors(form: unknown): Record<string, string> {
  const parsed = billingFormSchema.safeParse(form);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}
