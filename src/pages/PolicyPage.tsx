// The personal-data processing policy (route /policy, issue 20): the version in force as the server answers it (the
// authors edit it in their area; before their first save the server's default text, version 0), with its date and
// number, and the seller of the courses under it. The operator it names comes from the server, never from the build.
import { useEffect } from 'react';
import styled from 'styled-components';
import { DEFAULT_POLICY_NAME, policyEdition } from '../../common/policy.ts';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { Button } from '../components/Button.ts';
import { Loader } from '../components/Loader.tsx';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { RichText } from '../components/RichText.tsx';
import { selectResource } from '../data/selectors.ts';
import { ensureResource, resourcesInvalidated } from '../data/cache.ts';
import { SellerSection } from '../features/seller/SellerSection.tsx';
import { useSeller } from '../features/seller/siteSeller.ts';

const Edition = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(6)};
  color: ${({ theme }) => theme.colors.muted};
`;

/** The policy's sections: its headings a step below the page's, spaced from the text before them. */
const Text = styled(RichText)`
  h2 {
    margin: ${({ theme }) => theme.space(8)} 0 ${({ theme }) => theme.space(3)};
    font-size: ${({ theme }) => theme.fonts.sizes.h3};
  }
`;

const Failure = styled.div`
  p {
    margin: 0 0 ${({ theme }) => theme.space(4)};
  }
`;

export function PolicyPage() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(ensureResource('policy'));
  }, [dispatch]);
  const policy = useAppSelector((state) => selectResource(state, 'policy'));
  const seller = useSeller();

  const retry = () => {
    dispatch(resourcesInvalidated(['policy']));
    dispatch(ensureResource('policy'));
  };

  return (
    <PageContainer $width="text">
      <PageTitle>{policy.data?.name.trim() || DEFAULT_POLICY_NAME}</PageTitle>
      {policy.data ? (
        <>
          <Edition>{policyEdition(policy.data)}</Edition>
          <Text source={policy.data.text} />
        </>
      ) : policy.error ? (
        <Failure role="alert">
          <p>
            Не удалось загрузить политику конфиденциальности: {policy.error.message} Попробуйте ещё раз; если не получится,
            зайдите чуть позже.
          </p>
          <Button type="button" onClick={retry} disabled={policy.loading}>
            Загрузить снова
          </Button>
        </Failure>
      ) : (
        <Loader label="Загружаем политику конфиденциальности" />
      )}
      <SellerSection id="policy-seller" title="Продавец курсов" seller={seller} />
    </PageContainer>
  );
}
