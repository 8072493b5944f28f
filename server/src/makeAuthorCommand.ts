// `npm run make-author -- <email> [--genitive "Анны Мельниковой"] [--gender female|male] [--remove]`: gives a confirmed user the author
// role or takes it back, on the configured database (DATA_DIR's embedded one, or DATABASE_URL).
import { parseArgs } from 'node:util';
import { AUTHOR_GENDERS, type AuthorGender } from '../../common/authorGender.ts';
import { loadConfigOrExit } from './config.ts';
import { openDatabase } from './db/client.ts';
import { AuthorRoleError, createAuthorRoles, describeChange } from './services/accounts/authorRoles.ts';

const USAGE = 'Usage: npm run make-author -- <email> [--genitive "Имени Фамилии"] [--gender female|male] [--remove]';

function parseCommand(): { email: string; genitive?: string; gender?: AuthorGender; remove: boolean } {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: { genitive: { type: 'string' }, gender: { type: 'string' }, remove: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    }
    if (positionals.length !== 1) throw new Error('give exactly one e-mail address');
    if (values.remove && (values.genitive !== undefined || values.gender !== undefined)) throw new Error('--genitive and --gender do not go with --remove');
    const gender = values.gender;
    if (gender !== undefined && !(AUTHOR_GENDERS as readonly string[]).includes(gender)) throw new Error('--gender is female or male');
    return { email: positionals[0]!, genitive: values.genitive, gender: gender as AuthorGender | undefined, remove: values.remove };
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(1);
  }
}

const command = parseCommand();
const config = loadConfigOrExit();
const database = await openDatabase(config);
try {
  const roles = createAuthorRoles(database.db);
  const change = command.remove ? await roles.remove(command.email) : await roles.make(command.email, { genitive: command.genitive, gender: command.gender });
  process.stdout.write(`${describeChange(change)}\n`);
} catch (error) {
  process.stderr.write(error instanceof AuthorRoleError ? `${error.message}\n` : `make-author failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
