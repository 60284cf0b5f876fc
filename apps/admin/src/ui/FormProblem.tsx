/**
 * Why a form's change was not saved when no field is to blame (the API failed, or refused it
 * without naming a field): said at the top of the form, which takes focus so it is read at once.
 */
import { useState } from 'react';
import { Alert } from './Alert';

export interface Problem {
  text: string;
  /** Counts the times it was said: a new `n` shows the alert afresh, so the same words are read again. */
  n: number;
}

export function useFormProblem() {
  const [problem, setProblem] = useState<Problem | null>(null);
  return {
    problem,
    say: (text: string) => setProblem((old) => ({ text, n: (old?.n ?? 0) + 1 })),
    clear: () => setProblem(null),
  };
}

/** The problem under its title ("The order was not cancelled"), or nothing. */
export function FormProblem({ problem, title }: { problem: Problem | null; title: string }) {
  if (!problem) return null;
  return (
    <Alert key={problem.n} tone="error" title={title} focusOnShow>
      <p>{problem.text}</p>
    </Alert>
  );
}
