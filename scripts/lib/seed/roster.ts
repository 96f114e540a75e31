// The roster import and export (issue 24) through their services: twelve days ago the admin
// brought in the members the club had kept in a spreadsheet, as the import screen sends a file.
// Two rows are invited, one is a member already, one has no valid email. Ruth's 7-day link ran
// out unused, so the admin sent her a new one; yesterday she downloaded the roster. The Audit log
// thus has the roster's entries, and Admin > Import a report to read.
import { ResendImportInvitationInputSchema } from '../../../src/shared/schemas/roster-import';
import { exportRoster } from '../../../src/worker/modules/admin/roster-export';
import { commitImport, resendImportInvitation } from '../../../src/worker/modules/membership/roster-import';
import type { Seed } from './context';

export async function seedRoster(seed: Seed): Promise<void> {
  const admin = () => seed.member(seed.opts.adminEmail);
  const csv = [
    'email,name,type,member_since,renews_on,phone,city,country',
    `joanna.wu@example.com,Joanna Wu,Standard,${seed.date(-500)},${seed.date(230)},+85255501234,Hong Kong,HK`,
    `ruth.adebayo@example.com,Ruth Adebayo,Founding,${seed.date(-900)},${seed.date(195)},+2348055501234,Lagos,NG`,
    `eleanor@club.example,Eleanor Vance,Founding,${seed.date(-700)},${seed.date(30)},,London,GB`,
    `marta at example dot com,Marta Ruiz,Standard,${seed.date(-300)},${seed.date(65)},,Seville,ES`,
  ].join('\r\n');
  const imported = await commitImport(seed.at(seed.when(-12)), await admin(), {
    name: 'members-2025.csv',
    bytes: new TextEncoder().encode(`\uFEFF${csv}\r\n`),
  });
  // Ruth is line 3 of the file (the header is line 1).
  await resendImportInvitation(seed.at(seed.when(-2)), await admin(), ResendImportInvitationInputSchema.parse({ id: imported.id, line: 3 }));
  const roster = await exportRoster(seed.at(seed.when(-1)), await admin());
  await new Response(roster.stream).arrayBuffer();
}

