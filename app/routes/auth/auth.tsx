export default function Page() {
  return <h1>auth</h1>;
}
