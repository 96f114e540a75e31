// Group mail from the admin, sent by the queue consumer with each recipient's delivery recorded:
// one delivery refused by the mail service and sent again when the admin pressed Retry, and one
// that stayed failed after the queue's retries (Sent mail offers Retry for it).
import { SendGroupMailInputSchema } from '../../../src/shared/schemas/mail';
import type { MailSender } from '../../../src/worker/modules/mail/consumer';
import { sendGroupMail } from '../../../src/worker/modules/mail/group-mail';
import { retryFailedDeliveries } from '../../../src/worker/modules/mail/sent-mail';
import type { Seed } from './context';

/** The send_email binding as it answers when one address is refused: every other message goes. */
function refusing(address: string, error: Error): MailSender {
  return {
    async send(message) {
      const to = typeof message.to === 'string' ? message.to : Array.isArray(message.to) ? '' : message.to?.email;
      if (to === address) throw error;
    },
  };
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

export async function seedMail(seed: Seed): Promise<void> {
  const admin = () => seed.member(seed.opts.adminEmail);
  // What the story queued so far goes out as it went (each a few seconds after it was queued).
  await seed.deliverMail();

  const gala = await sendGroupMail(
    seed.at(seed.when(-20)),
    await admin(),
    SendGroupMailInputSchema.parse({
      subject: 'Winter gala: save the date',
      body: '<p>Dear {{name}},</p><p>Our winter gala will be on the first Saturday of December, at the Foundry. This year we raise funds for girls\u2019 coding clubs.</p><p>Invitations follow; the planning call is open to everyone who wants to help.</p>',
      recipientGroup: 'all',
    }),
  );
  // The mail service refused Priya's copy at first (her address was on its suppression list)…
  await seed.deliverMail(refusing('priya@club.example', withCode('Recipient address is suppressed after an earlier bounce', 'E_RECIPIENT_SUPPRESSED')));
  // …and once she had cleared it, the admin pressed Retry the next day.
  await retryFailedDeliveries(seed.at(seed.when(-19)), await admin(), gala.message_id);
  await seed.deliverMail();

  await sendGroupMail(
    seed.at(seed.when(-4)),
    await admin(),
    SendGroupMailInputSchema.parse({
      subject: 'Hosts: open your calendars for the spring',
      body: '<p>Dear {{name}},</p><p>Members are already asking about March and April. Please add your spring availability to your homes, so they can find you on the Homes page.</p><p>Thank you for hosting!</p>',
      recipientGroup: 'travel',
    }),
  );
  // Hana's mailbox was full: the queue tried six times over a quarter of an hour, then gave up
  // and moved the job to its dead-letter queue (operations.ts decides on it).
  await seed.deliverMail(refusing('hana@club.example', new Error('Mailbox full (452 4.2.2), try again later')));
}
