// The SMS provider adapter: one JSON POST to SMS_PROVIDER_URL with SMS_API_KEY as bearer.
// In demo mode nothing is sent (the code is shown on screen instead). Neither the message nor
// the code ever reaches a log or an error message: failures name only the HTTP status.
import { isDemoMode, type WorkerEnv } from '../env';
import { ApiError } from '../lib/errors';

export type SmsMessage = { to: string; body: string };

export const smsUnavailable = () => new ApiError(503, 'sms_unavailable', 'Could not send the text message. Please try again later.');

export async function sendSms(env: WorkerEnv, message: SmsMessage, fetcher: typeof fetch = fetch): Promise<'sent' | 'skipped_demo'> {
  if (isDemoMode(env)) return 'skipped_demo';
  if (!env.SMS_PROVIDER_URL || !env.SMS_API_KEY) {
    console.error(JSON.stringify({ level: 'error', message: 'sms: SMS_PROVIDER_URL or SMS_API_KEY is not set' }));
    throw smsUnavailable();
  }
  let status = 0;
  try {
    const res = await fetcher(env.SMS_PROVIDER_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${env.SMS_API_KEY}` },
      body: JSON.stringify({ to: message.to, from: env.SMS_FROM ?? null, body: message.body }),
      signal: AbortSignal.timeout(10_000),
    });
    status = res.status;
    await res.body?.cancel();
  } catch {
    status = 0;
  }
  if (status < 200 || status >= 300) {
    console.error(JSON.stringify({ level: 'error', message: `sms: provider answered ${status || 'no response'}` }));
    throw smsUnavailable();
  }
  return 'sent';
}
