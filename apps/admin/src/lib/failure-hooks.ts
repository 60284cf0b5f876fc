/**
 * What a form does with a change the API did not save. A failure that asks to `reload` (someone
 * else changed the thing first, or it is gone) is said at once by `interrupt`, and the thing is read
 * again so the page shows what it is now; any other is said in the form by `refuse`, and the thing
 * read again too when the failure asks to `refresh` (an order with less left to refund than shown).
 */
export interface FailureHooks<Failure> {
  interrupt: (failure: Failure) => void;
  refuse: (failure: Failure) => void;
  reload: () => Promise<unknown>;
}

export async function handleFailure<Failure extends { reload: boolean; refresh?: boolean }>(
  failure: Failure,
  { interrupt, refuse, reload }: FailureHooks<Failure>,
): Promise<Failure> {
  if (failure.reload) interrupt(failure);
  else refuse(failure);
  if (failure.reload || failure.refresh) {
    try {
      await reload();
    } catch {
      // the page shows a failed load itself
    }
  }
  return failure;
}
