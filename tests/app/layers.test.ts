// The layers of the site as ESLint keeps them (eslint.config.js): the rule must refuse what it is there to refuse.
import { ESLint } from 'eslint';

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('the import rules between the site\'s layers', () => {
  it('refuse a shared component importing a feature, even its public entry', async () => {
    expect(await restrictedImports('src/components/Probe.ts', "import { useSeller } from '../features/seller/siteSeller.ts';\nexport { useSeller };\n")).toHaveLength(1);
    expect(await restrictedImports('src/components/form/Probe.ts', "import { useSeller } from '../../features/seller/index.ts';\nexport { useSeller };\n")).toHaveLength(1);
  });

  it('refuse a feature reaching into another one, and let it use the other\'s public entry or its own files', async () => {
    expect(await restrictedImports('src/features/course/Probe.ts', "import { PaymentForm } from '../payment/PaymentForm.tsx';\nexport { PaymentForm };\n")).toHaveLength(1);
    expect(await restrictedImports('src/features/course/Probe.ts', "import { PaymentForm } from '../payment/index.ts';\nexport { PaymentForm };\n")).toEqual([]);
    expect(await restrictedImports('src/features/course/Probe.ts', "import { CourseHero } from './CourseHero.tsx';\nimport { paths } from '../../app/paths.ts';\nexport { CourseHero, paths };\n")).toEqual([]);
  });

  it('let pages compose features', async () => {
    expect(await restrictedImports('src/pages/Probe.ts', "import { PaymentForm } from '../features/payment/PaymentForm.tsx';\nexport { PaymentForm };\n")).toEqual([]);
  });
});
