// The public offer (договор-оферта, route /offer): the text the authors edit in their area, and the seller's details
// under it. Paying for a course accepts it (the payment panel links here).
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { Loader } from '../components/Loader.tsx';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { RichText } from '../components/RichText.tsx';
import { selectResource } from '../data/selectors.ts';
import { ensureResource } from '../data/cache.ts';
import { SellerSection } from '../features/seller/SellerSection.tsx';
import { useSeller } from '../features/seller/siteSeller.ts';
import { richTextParagraphs } from '../lib/richText.ts';
import { offerHeading } from '../../common/pageMeta.ts';

export function OfferPage() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(ensureResource('offer'));
  }, [dispatch]);
  const offer = useAppSelector((state) => selectResource(state, 'offer'));
  const seller = useSeller();
  const unpublished = offer.error?.statusCode === 404;

  if (offer.error && !unpublished) return <ErrorScreen />;
  return (
    <PageContainer $width="text">
      <PageTitle>{offerHeading(offer.data?.name)}</PageTitle>
      {unpublished ? (
        <p>Договор-оферта пока не опубликован.</p>
      ) : !offer.data ? (
        <Loader label="Загружаем договор-оферту" />
      ) : richTextParagraphs(offer.data.text).length === 0 ? (
        <p>Договор-оферта пока не опубликован.</p>
      ) : (
        <RichText source={offer.data.text} />
      )}
      <SellerSection id="seller-details" title="Реквизиты исполнителя" seller={seller} />
    </PageContainer>
  );
}
