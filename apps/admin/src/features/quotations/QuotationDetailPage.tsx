import { useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminQuotationItem, ExternalProduct, Product, Region } from '@kedai/contract';
import { errorText } from '../../lib/errors';
import { Alert, LoadError, Loading } from '../../ui/Alert';
import { PageHeading } from '../../ui/PageHeading';
import { useRegions, when } from '../products/reference';
import type { AnswerFailure } from './answer-form';
import { AnswerForms } from './AnswerForms';
import { QUEUE_KEY, itemKey, useQuotation } from './queries';
import {
  AVAILABILITY_LABELS,
  ORIGIN_LABELS,
  STATUS_BADGES,
  foundPriceText,
  moneyText,
  openableLink,
  picturesOf,
  productLine,
  productPricesNow,
  productStockNow,
  quotedLines,
  shopperText,
  unitsText,
  variantText,
} from './quotation-view';

interface Notice {
  tone: 'error' | 'success';
  title?: string;
  text: string;
  n: number;
}

const ANSWERED_TEXT = {
  resolved: 'The quote was sent. The shopper is e-mailed and can now check it out.',
  declined: 'The quotation was declined. The shopper is e-mailed the reason.',
} as const;

/** The address of the queue's page the item was opened from (`?status=…`), else the queue's first page. */
function queueLinkOf(state: unknown): string {
  const queue = (state as { queue?: unknown } | null)?.queue;
  return typeof queue === 'string' && (queue === '' || queue.startsWith('?')) ? `/quotations${queue}` : '/quotations';
}

/** `/quotations/:id`: what the shopper asked for, what is known of the product, and the answer (or the forms to give it). */
export function QuotationDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const item = useQuotation(id);
  const regions = useRegions();
  const [notice, setNotice] = useState<Notice | null>(null);
  const tell = (next: Omit<Notice, 'n'>) => setNotice((old) => ({ ...next, n: (old?.n ?? 0) + 1 }));

  function answered(answer: AdminQuotationItem, what: 'resolved' | 'declined') {
    queryClient.setQueryData(itemKey(answer.id), answer);
    void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
    tell({ tone: 'success', text: ANSWERED_TEXT[what] });
  }

  function interrupted(failure: AnswerFailure) {
    tell({ tone: 'error', title: 'Your answer was not saved', text: failure.message });
    // The queue's pages and count may have changed too.
    void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
  }

  const failed = [item, regions].find((query) => query.isError);
  const data = item.isError ? undefined : item.data;
  const title = data ? `Quotation: ${productLine(data).name}` : 'Quotation';
  return (
    <>
      <p>
        <Link to={queueLinkOf(location.state)}>← Quotations</Link>
      </p>
      <PageHeading title={title} />
      {notice ? (
        <Alert key={notice.n} tone={notice.tone} title={notice.title} focusOnShow>
          <p>{notice.text}</p>
        </Alert>
      ) : null}
      {failed ? <LoadError message={errorText(failed.error)} onRetry={() => void failed.refetch()} /> : null}
      {!failed && !(data && regions.data) ? <Loading what="Loading the quotation…" /> : null}
      {data && regions.data && !failed ? (
        <QuotationView
          item={data}
          regions={regions.data.regions}
          answerForms={
            <AnswerForms
              // A new version (the shopper's edit, read again after a conflict) starts the answer afresh.
              key={`${data.id}:${data.version}`}
              item={data}
              regions={regions.data.regions}
              onAnswered={answered}
              onInterrupted={interrupted}
              onStart={() => setNotice(null)}
              reload={() => item.refetch()}
            />
          }
        />
      ) : null}
    </>
  );
}

/** Everything known of one item; a pending one gets `answerForms`, an answered one shows its answer. */
export function QuotationView({ item, regions, answerForms }: { item: AdminQuotationItem; regions: Region[]; answerForms?: ReactNode }) {
  return (
    <>
      <RequestFacts item={item} />
      {item.productSource === 'e' ? (
        <MarketplaceFacts product={item.externalProduct} />
      ) : (
        <ShopProductFacts item={item} regions={regions} />
      )}
      {item.status === 'p' ? answerForms : <AnswerFacts item={item} regions={regions} />}
    </>
  );
}

function RequestFacts({ item }: { item: AdminQuotationItem }) {
  const asked = when(item.createdAt);
  const badge = STATUS_BADGES[item.status];
  return (
    <section className="panel" aria-labelledby="request-heading">
      <h2 id="request-heading">What the shopper asked for</h2>
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <span className={badge.className}>{badge.label}</span>
        </dd>
        <dt>Asked on</dt>
        <dd>
          <time dateTime={asked.iso}>{asked.text}</time>
        </dd>
        <dt>Shopper</dt>
        <dd className="break">{shopperText(item.shopper)}</dd>
        <dt>Quantity</dt>
        <dd>{unitsText(item.quantity)}</dd>
        <dt>Instructions</dt>
        <dd className="prewrap">{item.instructions.trim() || 'None given'}</dd>
      </dl>
    </section>
  );
}

function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

function MarketplaceFacts({ product }: { product: ExternalProduct | null }) {
  if (!product) {
    return (
      <section className="panel" aria-labelledby="product-heading">
        <h2 id="product-heading">The product</h2>
        <p>What was read of this marketplace product is no longer kept.</p>
      </section>
    );
  }
  const url = openableLink(product.url) ?? openableLink(product.link);
  const given = openableLink(product.link);
  const pictures = picturesOf(product);
  const total = pictures.shown.length + pictures.linked.length;
  return (
    <section className="panel" aria-labelledby="product-heading">
      <h2 id="product-heading">The product on {product.sourceMarketPlace}</h2>
      {url ? (
        <p>
          <NewTabLink href={url}>Open the product on {product.sourceMarketPlace}</NewTabLink>
          <span className="hint block break">{url}</span>
        </p>
      ) : null}
      {given && given !== url ? (
        <p className="hint break">
          The link as the shopper gave it: <NewTabLink href={given}>{given}</NewTabLink>
        </p>
      ) : null}
      <dl className="facts">
        <dt>Name</dt>
        <dd>{product.name}</dd>
        <dt>Price as found</dt>
        <dd>{foundPriceText(product) ?? 'Not shown on the page'}</dd>
        <dt>Availability</dt>
        <dd>{AVAILABILITY_LABELS[product.availability]}</dd>
        <dt>Brand</dt>
        <dd>{product.brand ?? 'Not given'}</dd>
        <dt>How it was read</dt>
        <dd>{ORIGIN_LABELS[product.origin]}</dd>
        <dt>Description</dt>
        <dd className="prewrap">{product.description?.trim() || 'None given'}</dd>
      </dl>
      <h3>Pictures</h3>
      {total === 0 ? <p>None given.</p> : null}
      {pictures.shown.length > 0 ? (
        <ul className="pictures" aria-label={`Pictures on ${product.sourceMarketPlace}`}>
          {pictures.shown.map((src, i) => (
            <li key={src}>
              <img
                className="picture"
                src={src}
                alt={`${product.name} (${i + 1} of ${total}), from ${product.sourceMarketPlace}`}
                referrerPolicy="no-referrer"
                loading="lazy"
                decoding="async"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {pictures.linked.length > 0 ? (
        <ul>
          {pictures.linked.map((src, i) => (
            <li key={src}>
              <NewTabLink href={src}>Picture {pictures.shown.length + i + 1}</NewTabLink> (not shown here: its address is not https)
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ShopProductFacts({ item, regions }: { item: AdminQuotationItem; regions: Region[] }) {
  const product: Product | null = item.product;
  const path = item.productSourceData.variantPath;
  if (!product) {
    return (
      <section className="panel" aria-labelledby="product-heading">
        <h2 id="product-heading">The shop&apos;s product</h2>
        <p>
          {item.name} is no longer in the shop, so it cannot be quoted.
          {item.status === 'p' ? ' Decline it with a reason instead.' : null}
        </p>
      </section>
    );
  }
  const prices = productPricesNow(product, path, regions);
  const variant = variantText(product, path);
  return (
    <section className="panel" aria-labelledby="product-heading">
      <h2 id="product-heading">The shop&apos;s product</h2>
      <dl className="facts">
        <dt>Product</dt>
        <dd>
          <Link to={`/products/${product.uuid}`}>{product.name}</Link> <span className="hint">(opens the product editor)</span>
        </dd>
        {variant ? (
          <>
            <dt>Variant</dt>
            <dd>{variant}</dd>
          </>
        ) : null}
        <dt>{variant ? 'Price of this variant now' : 'Price now'}</dt>
        <dd>
          {prices.length === 0 ? (
            'Not priced in any region'
          ) : (
            <ul className="plain">
              {prices.map((price) => (
                <li key={price.key}>
                  {price.label}: {price.text}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>{variant ? 'Stock of this variant now' : 'Stock now'}</dt>
        <dd>{productStockNow(product, path).toLocaleString('en-GB')}</dd>
        <dt>In the shop</dt>
        <dd>{product.disabled ? 'Disabled: hidden from the shop' : 'Enabled'}</dd>
      </dl>
    </section>
  );
}

/** The shop's answer, read-only. */
export function AnswerFacts({ item, regions }: { item: AdminQuotationItem; regions: Region[] }) {
  const badge = STATUS_BADGES[item.status];
  const answered = item.answeredAt ? when(item.answeredAt) : null;
  const quoted = quotedLines(item, regions);
  const data = item.statusData;
  return (
    <section className="panel" aria-labelledby="answer-heading">
      <h2 id="answer-heading">The answer</h2>
      <dl className="facts">
        <dt>Answer</dt>
        <dd>
          <span className={badge.className}>{badge.label}</span>
        </dd>
        {item.status === 'r' ? (
          <>
            <dt>Quoted price per unit</dt>
            <dd>
              {quoted.length === 0 ? (
                'None'
              ) : (
                <ul className="plain">
                  {quoted.map((line) => (
                    <li key={line.key}>
                      {line.label}: {line.text}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
            {data?.basePrice !== null && data?.basePrice !== undefined && data.basePriceCurrency ? (
              <>
                <dt>Marketplace price per unit</dt>
                <dd>{moneyText(data.basePrice, data.basePriceCurrency)}</dd>
              </>
            ) : null}
          </>
        ) : null}
        {item.status === 'd' ? (
          <>
            <dt>Reason given to the shopper</dt>
            <dd className="prewrap">{item.declineReason ?? ''}</dd>
          </>
        ) : null}
        <dt>Answered by</dt>
        <dd className="break">{item.answeredBy?.email ?? 'Not recorded'}</dd>
        <dt>Answered on</dt>
        <dd>{answered ? <time dateTime={answered.iso}>{answered.text}</time> : 'Not recorded'}</dd>
      </dl>
    </section>
  );
}
