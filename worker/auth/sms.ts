// Guest sign-in codes by text message through Twilio's Messages API (docs/decisions/194, docs/deploy.md "Text
// messages"): a form-encoded POST to /2010-04-01/Accounts/{sid}/Messages.json with basic auth sid:token. In demo
// mode nothing is sent (the code is shown on screen instead). Neither the message nor the code ever reaches a log
// or an error message: failures name only the HTTP status or the missing setting.
import { isDemoMode, type WorkerEnv } from '../env';
import { refusal } from '../lib/errors';

export type SmsMessage = { to: string; body: string };

export const TWILIO_API_BASE = 'https://api.twilio.com';
/** A Messaging Service SID: Twilio picks the sender from the service's numbers. */
const MESSAGING_SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;

export const smsUnavailable = () => refusal(503, 'sms_unavailable');

type SmsSettings = Pick<WorkerEnv, 'SMS_ACCOUNT_SID' | 'SMS_API_KEY' | 'SMS_FROM' | 'SMS_PROVIDER_URL'>;

/** The request Twilio's Messages API accepts for one message; null settings are checked by the caller. */
export function twilioMessageRequest(settings: Required<Pick<SmsSettings, 'SMS_ACCOUNT_SID' | 'SMS_API_KEY' | 'SMS_FROM'>> & SmsSettings, message: SmsMessage): Request {
  const base = (settings.SMS_PROVIDER_URL || TWILIO_API_BASE).replace(/\/+$/, '');
  const sid = settings.SMS_ACCOUNT_SID;
  const form = new URLSearchParams({ To: message.to, Body: message.body });
  if (MESSAGING_SERVICE_SID.test(settings.SMS_FROM)) form.set('MessagingServiceSid', settings.SMS_FROM);
  else form.set('From', settings.SMS_FROM);
  return new Request(`${base}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      Authorization: `Basic ${btoa(`${sid}:${settings.SMS_API_KEY}`)}`,
    },
    body: form.toString(),
  });
}

export async function sendSms(env: WorkerEnv, message: SmsMessage, fetcher: typeof fetch = fetch): Promise<'sent' | 'skipped_demo'> {
  if (isDemoMode(env)) return 'skipped_demo';
  const missing = (['SMS_ACCOUNT_SID', 'SMS_API_KEY', 'SMS_FROM'] as const).filter((name) => !env[name]);
  if (missing.length > 0) {
    console.error(JSON.stringify({ level: 'error', message: `sms: ${missing.join(', ')} not set (docs/deploy.md "Text messages")` }));
    throw smsUnavailable();
  }
  let status = 0;
  try {
    const request = twilioMessageRequest({ ...env, SMS_ACCOUNT_SID: env.SMS_ACCOUNT_SID!, SMS_API_KEY: env.SMS_API_KEY!, SMS_FROM: env.SMS_FROM! }, message);
    const res = await fetcher(request, { signal: AbortSignal.timeout(10_000) });
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
