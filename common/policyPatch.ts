// `PATCH /api/v1/mutabo/pages-content/policy/`: the offer's fields and rules (`name`, `text` as draft-js raw JSON, the
// `version` read), except that the policy cannot be emptied: the site must always show one in force.
import { z } from 'zod';
import { isDraftRaw, mutaboMessages as m, richTextField, titleField, versionField } from './mutabo/fields.ts';
import { policyMessages } from './policy.ts';

/** Some words in it; text that is not rich text at all is left to richTextField's own message. */
function saysSomething(raw: string): boolean {
  if (raw === '') return false;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isDraftRaw(parsed)) return true;
    return (parsed as { blocks: { text: string }[] }).blocks.some((block) => block.text.trim() !== '');
  } catch {
    return true;
  }
}

export const policyPatchSchema = z.object(
  { name: titleField.optional(), text: richTextField.refine(saysSomething, policyMessages.textRequired).optional(), version: versionField },
  { error: m.invalidBody },
);

export type PolicyPatchPayload = z.input<typeof policyPatchSchema>;
export type PolicyPatch = z.output<typeof policyPatchSchema>;
