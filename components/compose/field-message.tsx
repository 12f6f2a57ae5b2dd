/** The API's reason for one field, and its recovery steps, right under that field. */
export function FieldMessage({ id, message, next }: { id: string; message?: string; next?: string[] }) {
  if (!message) return null;
  return (
    <div id={id} className="text-xs text-red-800">
      <p>{message}</p>
      {next?.length ? (
        <ul className="mt-0.5 list-disc pl-4">
          {next.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
