// «Мои данные» on the profile page (issue 20, item 3; docs/PRIVACY.md): everything the site holds about the person,
// downloaded as one JSON file from GET /api/v1/users/me/export/ with their token.
import styled from 'styled-components';
import { requestFile } from '../../api/client.ts';
import { FormErrorBlock } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { useDownload } from '../../lib/saveFile.ts';

const Block = styled.section`
  margin-top: ${({ theme }) => theme.space(8)};
  padding-top: ${({ theme }) => theme.space(6)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
`;

export function MyDataBlock() {
  const { busy: loading, error, download } = useDownload(() => requestFile('/api/v1/users/me/export/'), 'my-data.json');

  return (
    <Block aria-labelledby="my-data-title">
      <h2 id="my-data-title">Мои данные</h2>
      <p>
        Всё, что сайт хранит о вас, одним файлом JSON: учётная запись и профиль, участие в курсах, оплаты и возвраты, подписки на
        новости, ваши согласия (когда, с какого адреса и в какой редакции политики они даны или отозваны) и письма, которые мы вам
        отправляли (темы и даты).
      </p>
      {error && <FormErrorBlock>{error}</FormErrorBlock>}
      <LoadingButton type="button" $variant="secondary" loading={loading} onClick={() => void download()}>
        {loading ? 'Готовим файл…' : 'Скачать мои данные'}
      </LoadingButton>
    </Block>
  );
}
