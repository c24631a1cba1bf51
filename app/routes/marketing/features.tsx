export default function Page() {
  return <h1>features</h1>;
}
