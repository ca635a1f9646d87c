/** Under an upload: why the last file was refused, or else (while editable) what it takes. */
export function UploadNote({ problem, hint, disabled }: { problem: string | null | undefined; hint: string; disabled: boolean }) {
  if (problem) {
    return (
      <div className="ef-explain" role="alert">
        {problem}
      </div>
    );
  }
  return disabled ? null : <div className="ef-upload-hint">{hint}</div>;
}
