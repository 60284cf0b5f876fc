'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ExternalProduct, QuotationItem } from '@kedai/contract';
import { LINK_MAX } from '@kedai/domain';
import { useAppDispatch } from '../../store/hooks';
import { Field, FormAlert } from '../../ui/Field';
import formStyles from '../../ui/form.module.css';
import { readProductLink, stepAfterFailure, type LinkProblem } from './buy-for-me';
import { BuyForMeManualForm } from './BuyForMeManualForm';
import { BuyForMePreview } from './BuyForMePreview';
import styles from './quotations.module.css';

/** Where the page is: nothing read yet, reading, a product found, the form by hand, or asked. */
export type BuyForMeStep =
  | { kind: 'start' }
  | { kind: 'reading' }
  | { kind: 'preview'; product: ExternalProduct }
  | { kind: 'manual'; problem: LinkProblem | null; openedByShopper: boolean }
  | { kind: 'failed'; problem: LinkProblem }
  | { kind: 'done'; item: QuotationItem };

export interface BuyForMeProps {
  /** For tests: the step to show and the link as typed. */
  initial?: { step?: BuyForMeStep; link?: string };
}

/** After this long the progress line says that some pages take longer. */
const SLOW_READING_MS = 4000;

/**
 * "Buy it for me" (`/buy-for-me`, signed-in users; issue 15): paste a link to a product on another
 * marketplace, the shop reads it (`POST /product/searchExternal`, several seconds at times, with
 * progress shown), shows what it found and the shopper asks for a quotation with a quantity and
 * instructions. When the page cannot be read (`link/…`) the page says why and offers the form by
 * hand with the link prefilled (`POST /quotation/request`). Ends with a link to `/quotations`.
 */
export function BuyForMe({ initial = {} }: BuyForMeProps) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [link, setLink] = useState(initial.link ?? '');
  const [linkError, setLinkError] = useState<string | undefined>();
  const [step, setStep] = useState<BuyForMeStep>(initial.step ?? { kind: 'start' });
  const [slow, setSlow] = useState(false);
  const asked = useRef(0);
  const doneRef = useRef<HTMLDivElement>(null);
  const reading = step.kind === 'reading';
  const linkId = `${id}-link`;
  const focusLink = () => document.getElementById(linkId)?.focus();

  useEffect(() => {
    if (!reading) return;
    setSlow(false);
    const timer = setTimeout(() => setSlow(true), SLOW_READING_MS);
    return () => clearTimeout(timer);
  }, [reading]);

  useEffect(() => {
    if (step.kind === 'done') doneRef.current?.focus();
  }, [step.kind]);

  async function read(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reading) return;
    setLinkError(undefined);
    const ask = ++asked.current;
    setStep({ kind: 'reading' });
    const result = await dispatch(readProductLink(link));
    if (ask !== asked.current) return; // the shopper has moved on
    if (readProductLink.fulfilled.match(result)) return setStep({ kind: 'preview', product: result.payload });
    const problem: LinkProblem = result.payload ?? { message: result.error.message ?? 'Unknown error', kind: 'other' };
    const next = stepAfterFailure(problem);
    if (next === 'manual') return setStep({ kind: 'manual', problem, openedByShopper: false });
    if (next === 'failed') return setStep({ kind: 'failed', problem });
    // A link the shopper has to fix is told under its field, which takes focus.
    setLinkError(problem.message);
    setStep({ kind: 'start' });
    focusLink();
  }

  function openManual() {
    asked.current += 1;
    setStep({ kind: 'manual', problem: null, openedByShopper: true });
  }

  function startAgain() {
    asked.current += 1;
    setLink('');
    setStep({ kind: 'start' });
    requestAnimationFrame(focusLink);
  }

  if (step.kind === 'done') {
    return (
      <div ref={doneRef} tabIndex={-1} className={styles.card}>
        <FormAlert tone="success">
          <p>
            <strong>We asked the shop for a quotation for {step.item.name}.</strong> We will e-mail you when it is answered; until then it
            shows as “Quoting your product...” in your quotations.
          </p>
          <p className="notice__actions">
            <Link href="/quotations" className="button button--primary">
              See your quotations
            </Link>
            <button type="button" className="button button--secondary" onClick={startAgain}>
              Ask about another product
            </button>
          </p>
        </FormAlert>
      </div>
    );
  }

  const problem = step.kind === 'failed' || step.kind === 'manual' ? step.problem : null;
  return (
    <>
      <form className={`${styles.card} ${formStyles.form}`} onSubmit={read} noValidate aria-label="Find a product by its link">
        <div className={styles.linkRow}>
          <Field
            id={linkId}
            label="Paste a link to a product on another marketplace"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            required
            maxLength={LINK_MAX}
            hint="The address of the product's own page, for example on Amazon, Shopee or Taobao."
            error={linkError}
            value={link}
            onChange={(event) => {
              setLink(event.target.value);
              setLinkError(undefined);
            }}
          />
          <button type="submit" className="button button--primary" aria-disabled={reading || undefined}>
            {reading ? 'Reading…' : 'Find the product'}
          </button>
        </div>
        <div aria-live="polite" role="status">
          {reading ? (
            <p className={styles.progress}>
              <span className={styles.spinner} aria-hidden="true" />
              {slow ? 'Still reading the page — some shops take up to ten seconds…' : 'Reading the product page…'}
            </p>
          ) : null}
        </div>
      </form>
      {problem ? (
        <FormAlert>
          <p>{problem.message}</p>
          {step.kind === 'failed' ? (
            <p>
              <button type="button" className={formStyles.linkButton} onClick={openManual}>
                Describe the product by hand instead
              </button>
            </p>
          ) : null}
        </FormAlert>
      ) : null}
      {step.kind === 'preview' ? <BuyForMePreview product={step.product} onAsked={done(setStep)} onManual={openManual} /> : null}
      {step.kind === 'manual' ? <BuyForMeManualForm link={link.trim()} onSent={done(setStep)} focusOnShow={step.openedByShopper} /> : null}
      {step.kind === 'start' || step.kind === 'reading' ? (
        <p className={styles.meta}>
          No link, or the page cannot be read?{' '}
          <button type="button" className={formStyles.linkButton} onClick={openManual}>
            Describe the product by hand
          </button>
        </p>
      ) : null}
    </>
  );
}

const done = (setStep: (step: BuyForMeStep) => void) => (item: QuotationItem) => setStep({ kind: 'done', item });
