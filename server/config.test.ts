import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { ConfigError } from './errors.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:8787',
      publicHost: undefined,
      databaseUrl: undefined,
      stripe: undefined,
      tts: { provider: 'espeak' },
      fetchAllowHosts: [],
      limits: { freeDailyPodcasts: 5 },
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('downloads natural voices from the sherpa-onnx releases by default, from a mirror when asked, never with VOICE_DOWNLOADS=off', () => {
    expect(loadConfig({}).voices).toEqual({ modelsUrl: 'https://github.com/k2-fsa/sherpa-onnx/releases/download/tts-models', downloads: true });
    expect(loadConfig({ VOICE_MODELS_URL: 'http://127.0.0.1:4000/voices/', VOICE_DOWNLOADS: 'OFF' }).voices).toEqual({
      modelsUrl: 'http://127.0.0.1:4000/voices',
      downloads: false,
    });
    expect(() => loadConfig({ VOICE_DOWNLOADS: 'maybe', VOICE_MODELS_URL: 'ftp://mirror' })).toThrow(/VOICE_MODELS_URL: must be an http:\/\/ or https:\/\/ address\n {2}- VOICE_DOWNLOADS: must be on or off/);
  });

  it('keeps audio on disk by default, and in an S3-compatible bucket with AUDIO_STORE=s3', () => {
    expect(loadConfig({}).audio).toEqual({ store: 'local' });
    expect(
      loadConfig({
        AUDIO_STORE: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'auto',
        S3_BUCKET: 'podcasts',
        S3_ACCESS_KEY_ID: 'key-id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'TRUE',
      }).audio,
    ).toEqual({
      store: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
      bucket: 'podcasts',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    // AWS itself: no endpoint, the SDK's own credentials, virtual-hosted addresses.
    expect(loadConfig({ AUDIO_STORE: 's3', S3_BUCKET: 'podcasts' }).audio).toEqual({
      store: 's3',
      endpoint: undefined,
      region: 'us-east-1',
      bucket: 'podcasts',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ AUDIO_STORE: 's3' }, ['S3_BUCKET']],
    [{ AUDIO_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' }, ['S3_SECRET_ACCESS_KEY']],
    [{ AUDIO_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000', S3_FORCE_PATH_STYLE: 'sometimes' }, ['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE']],
    [{ AUDIO_STORE: 'gcs' }, ['AUDIO_STORE']],
    [{ S3_BUCKET: 'b' }, ['AUDIO_STORE']],
  ])('refuses audio settings that cannot work: %j', (env, keys) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    for (const key of keys) expect((error as ConfigError).problems.join('\n')).toContain(key);
  });

  it('reads every documented setting', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://pagecast.example/',
      DATABASE_URL: 'postgres://u@db:5432/pc',
      JWT_SECRET: 'x'.repeat(32),
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1',
      OPENAI_MODEL: 'gpt-4o-mini',
      TTS_PROVIDER: 'openai',
      TTS_BASE_URL: 'http://127.0.0.1:9998/v1',
      TTS_API_KEY: 'tts-key',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_ID: 'price_1',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      FETCH_ALLOW_HOSTS: '127.0.0.1:4000, localhost:4001',
    });
    expect(config.port).toBe(9000);
    expect(config.publicUrl).toBe('https://pagecast.example');
    expect(config.publicHost).toBe('pagecast.example');
    expect(loadConfig({ PUBLIC_URL: 'http://Pagecast.LAN:8787/' }).publicHost).toBe('pagecast.lan:8787');
    expect(config.openai).toEqual({ apiKey: 'sk-test', baseUrl: 'http://127.0.0.1:9999/v1', model: 'gpt-4o-mini' });
    expect(config.tts).toMatchObject({ provider: 'openai', apiKey: 'tts-key' });
    expect(config.stripe).toMatchObject({ priceId: 'price_1', apiUrl: 'http://127.0.0.1:12111' });
    expect(config.fetchAllowHosts).toEqual(['127.0.0.1:4000', 'localhost:4001']);
  });

  it('reads the hourly page limits, by default 30 pages, 120 for Premium and 10 that could not be read', () => {
    expect(loadConfig({}).limits).toMatchObject({ fetchesPerHour: 30, premiumFetchesPerHour: 120, failedFetchesPerHour: 10 });
    expect(loadConfig({ FETCHES_PER_HOUR: '12', PREMIUM_FETCHES_PER_HOUR: '200', FAILED_FETCHES_PER_HOUR: '4' }).limits).toMatchObject({
      fetchesPerHour: 12,
      premiumFetchesPerHour: 200,
      failedFetchesPerHour: 4,
    });
    expect(() => loadConfig({ FETCHES_PER_HOUR: '0', FAILED_FETCHES_PER_HOUR: 'lots' })).toThrow(/FETCHES_PER_HOUR[\s\S]*FAILED_FETCHES_PER_HOUR/);
  });

  it('fails fast listing every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        TTS_PROVIDER: 'polly',
        STRIPE_SECRET_KEY: 'sk_test_1',
        FETCH_ALLOW_HOSTS: 'no-port',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const key of ['PORT', 'DATABASE_URL', 'TTS_PROVIDER', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID', 'FETCH_ALLOW_HOSTS']) {
      expect(problems).toContain(key);
    }
  });
});
