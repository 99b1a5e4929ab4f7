import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { marketplaceContract as c } from '../../../../schema/marketplace/contract';
import {
  reviewMessages,
  reviewStatusLabels,
  REVIEW_CONTENT_MAX,
  type SellerReviewDto,
} from '../../../../schema/marketplace/marketplace-reviews';
import { call } from '../../../data/api';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { LoadError } from '../../../ui/feedback';
import * as p from '../../../ui/page.css';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast-store';
import { failureMessage } from '../../../kit/forms/use-zod-form';
import { serverMessage } from '../../../kit/workspace-queries';
import * as s from '../market.css';
import { Stars } from '../reviews/product-reviews';
import * as r from '../reviews/reviews.css';

const sellerReviewsKey = (workspaceId: number) => ['seller-reviews', workspaceId] as const;

/** The storefront page's reviews: every review of the shop's products, to answer or hide. */
export function SellerReviews({ workspaceId }: { workspaceId: number }) {
  const reviews = useQuery({
    queryKey: sellerReviewsKey(workspaceId),
    queryFn: () => call(c.sellerReviews, { params: { id: workspaceId } }),
  });
  return (
    <Card aria-labelledby="reviews-title">
      <h2 className={p.sectionTitle} id="reviews-title">
        Reviews
      </h2>
      {reviews.isPending ? (
        <Spinner label="Loading reviews" />
      ) : reviews.isError ? (
        <LoadError title="Could not load reviews" message={serverMessage(reviews.error)} onRetry={() => void reviews.refetch()} />
      ) : reviews.data.reviews.length === 0 ? (
        <p className={p.muted}>No reviews yet. Buyers who paid for your products can review them on the product page.</p>
      ) : (
        <ul className={r.reviewList}>
          {reviews.data.reviews.map((x) => (
            <SellerReview key={x.id} workspaceId={workspaceId} review={x} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function SellerReview({ workspaceId, review }: { workspaceId: number; review: SellerReviewDto }) {
  const queryClient = useQueryClient();
  const [response, setResponse] = useState(review.seller_response ?? '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'response' | 'status' | null>(null);

  async function save(body: { status?: SellerReviewDto['status']; seller_response?: string }, what: 'response' | 'status') {
    if (body.seller_response !== undefined && body.seller_response.trim().length > REVIEW_CONTENT_MAX) {
      setError(reviewMessages.responseMax);
      return;
    }
    setError(undefined);
    setBusy(what);
    try {
      const saved = await call(c.moderateReview, { params: { id: workspaceId, reviewId: review.id }, body });
      queryClient.setQueryData(sellerReviewsKey(workspaceId), (old: { reviews: SellerReviewDto[] } | undefined) =>
        old ? { reviews: old.reviews.map((x) => (x.id === saved.id ? saved : x)) } : old,
      );
      await queryClient.invalidateQueries({ queryKey: ['marketplace', 'reviews', review.product_id] });
      toast({
        title: what === 'response' ? 'Response saved' : saved.status === 'hidden' ? 'Review hidden' : 'Review shown',
        variant: 'success',
      });
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <li className={r.review} data-testid="seller-review">
      <p className={r.ratingLine}>
        <Stars rating={review.rating} />
        <span>{review.rating} out of 5</span>
        <span className={s.badge[review.status === 'published' ? 'good' : 'neutral']} data-testid="review-status">
          {reviewStatusLabels[review.status]}
        </span>
      </p>
      <h3 className={r.reviewTitle}>{review.title}</h3>
      <p className={`${s.muted} ${s.small}`}>
        {review.author_name} on {review.product_name}
        {review.verified_purchase ? ' · Verified purchase' : ''}
      </p>
      <p className={s.prose}>{review.content}</p>
      <TextField label="Your response" value={response} onChange={setResponse} error={error} multiline />
      <div className={r.actions}>
        <Button variant="secondary" isPending={busy === 'response'} onPress={() => void save({ seller_response: response }, 'response')}>
          Save response
        </Button>
        <Button
          variant="ghost"
          isPending={busy === 'status'}
          onPress={() => void save({ status: review.status === 'published' ? 'hidden' : 'published' }, 'status')}
        >
          {review.status === 'published' ? 'Hide from the product page' : 'Show on the product page'}
        </Button>
      </div>
    </li>
  );
}
