import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { marketplaceContract as c } from '../../../../schema/marketplace/contract';
import {
  ratingSummary,
  reviewInput,
  reviewMessages,
  type ProductReviewsDto,
  type ReviewDto,
} from '../../../../schema/marketplace/marketplace-reviews';
import { call } from '../../../data/api';
import { Button } from '../../../ui/button';
import { Notice } from '../../../ui/feedback';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast-store';
import { failureMessage, serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../kit/forms/use-zod-form';
import { SiteLink } from '../../../kit/site-link';
import * as s from '../market.css';
import * as r from './reviews.css';

const reviewsKey = (productId: string) => ['marketplace', 'reviews', productId] as const;

export function useProductReviews(productId: string) {
  return useQuery({ queryKey: reviewsKey(productId), queryFn: () => call(c.reviews, { params: { productId } }) });
}

/** ★★★★☆ for a rating (rounded to whole stars), read out as the words beside it. */
export function Stars({ rating }: { rating: number }) {
  const whole = Math.round(rating);
  return (
    <span className={r.stars} aria-hidden="true">
      {'★'.repeat(whole)}
      {'☆'.repeat(5 - whole)}
    </span>
  );
}

/** The average and count by the price: "4.5 out of 5 (2 reviews)", a link down to the reviews. */
export function RatingSummary({ productId }: { productId: string }) {
  const reviews = useProductReviews(productId);
  if (!reviews.data) return null;
  const { average, count } = reviews.data;
  return (
    <p className={r.ratingLine} data-testid="rating-summary">
      {average !== null ? <Stars rating={average} /> : null}
      <SiteLink to="#reviews">{ratingSummary(average, count)}</SiteLink>
    </p>
  );
}

const day = (iso: string) => new Date(iso).toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' });

function ReviewItem({ review }: { review: ReviewDto }) {
  return (
    <li className={r.review} data-testid="review">
      <p className={r.ratingLine}>
        <Stars rating={review.rating} />
        <span>{review.rating} out of 5</span>
      </p>
      <h3 className={r.reviewTitle}>{review.title}</h3>
      <p className={`${s.muted} ${s.small}`}>
        {review.author_name} · {day(review.created_at)}
        {review.verified_purchase ? (
          <>
            {' · '}
            <span className={r.verified}>Verified purchase</span>
          </>
        ) : null}
      </p>
      <p className={s.prose}>{review.content}</p>
      {review.seller_response ? (
        <div className={r.response}>
          <strong className={s.small}>The seller's response</strong>
          <p className={s.prose}>{review.seller_response}</p>
        </div>
      ) : null}
    </li>
  );
}

/** The product page's reviews: the published ones, and the way to write one for those who may. */
export function ProductReviews({ productId }: { productId: string }) {
  const reviews = useProductReviews(productId);
  return (
    <section className={r.section} aria-labelledby="reviews" data-testid="reviews">
      <h2 className={s.h2} id="reviews">
        Reviews
      </h2>
      {reviews.isPending ? (
        <Spinner label="Loading reviews" />
      ) : reviews.isError ? (
        <Notice tone="warning">Reviews could not be loaded. {failureMessage(reviews.error)}</Notice>
      ) : (
        <>
          <p className={r.ratingLine}>
            {reviews.data.average !== null ? <Stars rating={reviews.data.average} /> : null}
            <strong>{ratingSummary(reviews.data.average, reviews.data.count)}</strong>
          </p>
          <WriteReview productId={productId} data={reviews.data} />
          {reviews.data.reviews.length > 0 ? (
            <ul className={r.reviewList}>
              {reviews.data.reviews.map((x) => (
                <ReviewItem key={x.id} review={x} />
              ))}
            </ul>
          ) : (
            <p className={s.muted}>Nobody has reviewed this product yet.</p>
          )}
        </>
      )}
    </section>
  );
}

function WriteReview({ productId, data }: { productId: string; data: ProductReviewsDto }) {
  if (data.viewer === 'sign_in') {
    return (
      <p className={s.muted}>
        Bought this product? <SiteLink to="/auth">Sign in</SiteLink> to review it.
      </p>
    );
  }
  if (data.viewer === 'not_buyer') return <p className={s.muted}>{reviewMessages.notBuyer}</p>;
  if (data.viewer === 'seller') return <p className={s.muted}>{reviewMessages.ownProduct}</p>;
  if (data.viewer === 'reviewed') return <p className={s.muted}>Thank you: you have reviewed this product.</p>;
  return <ReviewForm productId={productId} />;
}

function ReviewForm({ productId }: { productId: string }) {
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = reviewInput.safeParse({ rating, title, content });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await call(c.writeReview, { params: { productId }, body: parsed.data });
      toast({ title: 'Review published', description: 'Thank you for your review.', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: reviewsKey(productId) });
    } catch (err) {
      const fields = serverFieldErrors(err);
      setErrors(Object.keys(fields).length > 0 ? fields : { _: failureMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={r.form} onSubmit={(e) => void submit(e)} noValidate aria-label="Write a review">
      <h3 className={s.cardName}>Write a review</h3>
      <fieldset className={r.starPicker} aria-invalid={errors.rating ? true : undefined}>
        <legend className={r.legend}>Your rating</legend>
        <div className={r.starRow}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={`${r.starOption} ${n <= rating ? r.starOn : ''}`}>
              <input
                className={r.starInput}
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                aria-label={n === 1 ? '1 star' : `${n} stars`}
              />
              <span aria-hidden="true">{n <= rating ? '★' : '☆'}</span>
            </label>
          ))}
        </div>
        {errors.rating ? (
          <span className={r.fieldError} role="alert">
            {errors.rating}
          </span>
        ) : null}
      </fieldset>
      <TextField label="Title" value={title} onChange={setTitle} error={errors.title} />
      <TextField label="Your review" value={content} onChange={setContent} error={errors.content} multiline />
      {errors._ ? <Notice tone="error">{errors._}</Notice> : null}
      <div className={r.actions}>
        <Button type="submit" isPending={busy}>
          Publish review
        </Button>
      </div>
    </form>
  );
}
