import { Link } from "react-router";
import type { Species } from "~/domain/pets";
import { answerReason, type ReasonedAnswer } from "~/content/answer-reasons";

/** Under the report's answer: why it is that kind of answer, and where the figure comes from. */
export function AnswerReason({ answer, species }: { answer: ReasonedAnswer; species: Species }) {
  return (
    <p data-testid="answer-reason" className="mt-2 text-sm text-ink-600">
      {answerReason(answer, species)}{" "}
      <Link to="/accuracy" className="font-semibold text-brand-800 underline underline-offset-4">
        How we measure it
      </Link>
    </p>
  );
}
