export default function SplitBillPage() {
  return null;
}
