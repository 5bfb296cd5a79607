import { describe, expect, it } from 'vitest';
import {
  AI_SETTINGS,
  AUTH_COOKIE,
  COUNTRIES,
  DEFAULT_COUNTRY,
  MIN_PASSWORD_LENGTH,
  PREMIUM_PLAN,
  STORAGE_KEYS,
  TOAST_DURATION_MS,
  TOAST_POSITION,
  UPGRADE_REDIRECT_MS,
  VOLUME,
} from './constants.ts';
import {
  AUTH_MESSAGES,
  AUTH_TOASTS,
  CONTENT_MESSAGES,
  DOWNLOAD_MESSAGES,
  ERROR_CODES,
  ERROR_STATUS,
  PAYMENT_MESSAGES,
  fetchNotOkMessage,
  loginFailedMessage,
  registrationFailedMessage,
} from './errors.ts';

describe('business constants', () => {
  it.each([
    ['plan name', PREMIUM_PLAN.name, 'Premium Plan'],
    ['plan price in cents', PREMIUM_PLAN.amountCents, 700],
    ['plan currency', PREMIUM_PLAN.currency, 'usd'],
    ['plan interval', PREMIUM_PLAN.interval, 'month'],
    ['plan mode', PREMIUM_PLAN.mode, 'subscription'],
    ['minimum password length', MIN_PASSWORD_LENGTH, 6],
    ['cookie path', AUTH_COOKIE.path, '/'],
    ['cookie secure', AUTH_COOKIE.secure, true],
    ['cookie same-site', AUTH_COOKIE.sameSite, 'Lax'],
    ['cookie lifetime: one day in seconds', AUTH_COOKIE.maxAgeSeconds, 86_400],
    ['auth token key', STORAGE_KEYS.authToken, 'auth-token'],
    ['auth storage key', STORAGE_KEYS.authStorage, 'auth-storage'],
    ['podcast storage key', STORAGE_KEYS.podcastStorage, 'podcast-storage'],
    ['AI model', AI_SETTINGS.model, 'gpt-3.5-turbo'],
    ['script temperature', AI_SETTINGS.script.temperature, 0.7],
    ['script max tokens', AI_SETTINGS.script.maxTokens, 1500],
    ['title temperature', AI_SETTINGS.title.temperature, 0.7],
    ['title max tokens', AI_SETTINGS.title.maxTokens, 50],
    ['title input characters', AI_SETTINGS.title.inputChars, 1000],
    ['toast duration', TOAST_DURATION_MS, 4000],
    ['toast position', TOAST_POSITION, 'top-center'],
    ['upgrade redirect', UPGRADE_REDIRECT_MS, 5000],
    ['volume step', VOLUME.step, 0.1],
    ['volume range', [VOLUME.min, VOLUME.max], [0, 1]],
    ['countries', COUNTRIES, ['US', 'CA', 'GB', 'AU', 'DE', 'FR']],
    ['default country', DEFAULT_COUNTRY, 'US'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe('the error catalogue', () => {
  it.each([
    [AUTH_MESSAGES.authenticationRequired, 'Authentication required'],
    [AUTH_MESSAGES.invalidCredentials, 'Invalid email or password'],
    [AUTH_MESSAGES.network, 'Network error occurred. Please check your connection.'],
    [AUTH_MESSAGES.server, 'Server error occurred. Please try again later.'],
    [AUTH_MESSAGES.invalidToken, 'Invalid or expired token'],
    [AUTH_MESSAGES.sessionExpired, 'Your session has expired. Please sign in again.'],
    [AUTH_MESSAGES.invalidResponse, 'Invalid server response'],
    [AUTH_MESSAGES.networkError, 'Network error - please check your connection'],
    [loginFailedMessage(401), 'Authentication failed (401)'],
    [registrationFailedMessage(500), 'Registration failed (500)'],
    [AUTH_TOASTS.welcomeBack, 'Welcome back!'],
    [AUTH_TOASTS.accountCreated, 'Account created successfully!'],
    [AUTH_TOASTS.signedOut, 'Signed out successfully'],
    [AUTH_TOASTS.signInFallback, 'Failed to sign in. Please try again.'],
    [AUTH_TOASTS.registrationFallback, 'Registration failed. Please try again.'],
    [AUTH_TOASTS.signOutFallback, 'Failed to sign out. Please try again.'],
    [CONTENT_MESSAGES.invalidWebsiteUrl, 'Please enter a valid website URL starting with http:// or https://'],
    [CONTENT_MESSAGES.noContent, 'No content found at the provided URL'],
    [CONTENT_MESSAGES.noReadableContent, 'Could not extract readable content from the webpage'],
    [CONTENT_MESSAGES.accessRefused, 'Unable to access the website. Please try a different URL or one that allows content sharing.'],
    [CONTENT_MESSAGES.unreachable, 'Unable to reach the website. Please check if the URL is correct and the website is accessible.'],
    [CONTENT_MESSAGES.parseFailed, 'The webpage content could not be processed. Try a simpler webpage or one with more text content.'],
    [CONTENT_MESSAGES.unexpected, 'An unexpected error occurred while fetching the content'],
    [fetchNotOkMessage('Not Found'), 'Failed to fetch content: Not Found'],
    [CONTENT_MESSAGES.createFailed, 'Failed to create podcast'],
    [CONTENT_MESSAGES.created, 'Podcast created successfully!'],
    [DOWNLOAD_MESSAGES.premiumRequired, 'Upgrade to Premium to download podcasts'],
    [DOWNLOAD_MESSAGES.audioRequired, 'Audio must be generated before downloading'],
    [DOWNLOAD_MESSAGES.started, 'Download started'],
    [PAYMENT_MESSAGES.initializeFailed, 'Failed to initialize payment. Please try again.'],
    [PAYMENT_MESSAGES.signInToUpgrade, 'Please sign in to upgrade'],
    [PAYMENT_MESSAGES.paymentFailed, 'Payment failed. Please try again.'],
    [PAYMENT_MESSAGES.network, 'Network error occurred'],
    [PAYMENT_MESSAGES.invalidResponse, 'Invalid response from server'],
    [PAYMENT_MESSAGES.invalidVerification, 'Invalid verification response'],
    [PAYMENT_MESSAGES.verificationFailed, 'Failed to verify subscription. Please contact support.'],
    [PAYMENT_MESSAGES.welcome, 'Welcome to Premium! Enjoy your new features.'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('gives every code an HTTP error status', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
    }
    expect(ERROR_STATUS.RATE_LIMITED).toBe(429);
    expect(ERROR_STATUS.AUTH_REQUIRED).toBe(401);
  });
});
