// What is wrong with one field, right under it (the field's aria-describedby names `id`), and
// what to do about it when the service said: the site's one field error.

export function FieldError({ id, message, next }: { id: string; message?: string; next?: string[] }) {
  if (!message) return null;
  return (
    <div id={id} className="text-sm text-red-800">
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
