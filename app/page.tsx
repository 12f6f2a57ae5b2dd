import { ComposeForm } from "@/components/compose/compose-form";

export default function ComposePage() {
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold tracking-tight">Send a letter</h1>
      <p className="mb-6 text-stone-600">Write it here, see the price, and we print and mail it to any US address.</p>
      <ComposeForm />
    </>
  );
}
