import { Fragment } from "react";
import { kgToLb, type PetRecord } from "~/domain/records";
import { formatDate } from "~/domain/time-format";
import type { RecordsContext } from "./record-sections";
import { EditRecordForm, entryView, RecordActions, RemoveConfirmation } from "./record-edit";

/** The weight log as a table (kg and lb): also the weight chart's text alternative. */
export function WeightTable({ records, context }: { records: PetRecord[]; context: RecordsContext }) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Weight log, newest first</caption>
        <thead>
          <tr className="border-b border-ink-200 text-ink-700">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Date
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              kg
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              lb
            </th>
            {context.readOnly ? null : (
              <th scope="col" className="py-2 font-semibold" data-print-hide>
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {records.map((record) => {
            const { mode, rejected, name } = entryView(record, context);
            if (mode === "editing") {
              return (
                <tr key={record.id} id={`record-${record.id}`} className="scroll-mt-20">
                  <td colSpan={4} className="py-4">
                    <EditRecordForm record={record} name={name} petId={context.petId} rejected={rejected} />
                  </td>
                </tr>
              );
            }
            const kg = Number(record.weightKg);
            return (
              <Fragment key={record.id}>
                <tr id={`record-${record.id}`} className="scroll-mt-20 align-top">
                  <th scope="row" className="py-2 pr-3 font-normal whitespace-nowrap text-ink-900">
                    {formatDate(record.date)}
                  </th>
                  <td className="py-2 pr-3 text-ink-900">{kg}</td>
                  <td className="py-2 pr-3 text-ink-900">{kgToLb(kg)}</td>
                  {context.readOnly ? null : (
                    <td className="py-1" data-print-hide>
                      {mode === "actionable" ? (
                        <RecordActions record={record} name={name} petId={context.petId} />
                      ) : null}
                    </td>
                  )}
                </tr>
                {mode === "confirming" ? (
                  <tr data-print-hide>
                    <td colSpan={4} className="pb-4">
                      <RemoveConfirmation record={record} name={name} petId={context.petId} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
