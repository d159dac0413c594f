// Package silentpayments implements BIP-352 silent payments: static
// addresses that a sender pays with fresh taproot outputs that nobody but
// the receiver can link to the address, without any interaction.
//
// # Sending
//
// ParseAddress decodes a recipient's sp1… (mainnet) or tsp1… (testnet)
// address into its scan key B_scan and spend key B_m. CreateOutputs takes
// the private keys of the transaction's eligible inputs (SenderInput,
// with Taproot set for P2TR keys, which are negated for odd y), the
// outpoints of all its inputs and the recipients, and returns one x-only
// output key per recipient: P = B_m + t_k·G with t_k =
// hash_BIP0352/SharedSecret(ser_P(input_hash·a·B_scan) ‖ ser_32(k)), a the
// sum of the input keys and input_hash = hash_BIP0352/Inputs(smallest
// outpoint ‖ ser_P(a·G)). Recipients that share a scan key are numbered
// k = 0, 1, ..., at most KMax (2323) of them, as BIP-352 version 1.1
// requires.
//
// # Receiving
//
// A Receiver holds the scan private key b_scan, the spend public key
// B_spend and the labels in use (the change label m = 0 always; Address
// and LabeledAddress make the addresses to hand out). Scan takes a
// transaction's eligible input public keys (InputPublicKey extracts them
// from each input's prevout script, scriptSig and witness, with BIP-352's
// rules for P2TR, P2WPKH, P2SH-P2WPKH and P2PKH), its outpoints and its
// taproot output keys, and returns the outputs that pay the receiver with
// their private-key tweaks (FoundOutput.PrivateKey adds the spend private
// key). TweakData computes the 33 bytes per transaction, input_hash·A,
// that an index server serves to light clients, which scan with
// ScanTweak. Labels are matched by adding each label to P_k while there
// are few of them (at most two per output), and by subtracting P_k from
// each output and looking the difference up, as BIP-352 describes, when a
// wallet scans for many.
//
// # Constant time
//
// The sender's secrets are handled in constant time: the input private
// keys and their sum a (the taproot negation included), a·input_hash, the
// shared secrets input_hash·a·B_scan, the tweaks t_k and the sums
// B_m + t_k·G; revealed are the outputs, A = a·G (the sum of the input
// public keys, public on the chain) and whether the sum is zero. On the
// receiver's side the scan key's use, (b_scan·input_hash)·A or b_scan·T
// for tweak data T, the shared secret, the tweaks t_k, the label tweaks
// and the candidates P_k = B_spend + t_k·G run in constant time; each
// P_k is then declassified and matched against the transaction's outputs
// in variable time, which reveals which outputs pay the receiver (what the
// caller does with them reveals it too) and the first P_k that matches
// nothing (a key no transaction can pay, since it commits to outpoints
// that the transaction spent). Label points hash_BIP0352/Label(b_scan ‖
// m)·G are public to the matching (a handed-out label's is B_m − B_spend).
// Address parsing, InputPublicKey, TweakData and the sums of input public
// keys handle public data in variable time. internal/cmd/ctgrind checks
// the constant-time parts under valgrind.
//
// # Errors
//
// Invalid input never panics: functions return an error wrapping one of
// the package's sentinels (or secp256k1.ErrInvalidPrivateKey or
// ErrInvalidPublicKey for nil and zero-value keys). ErrNoInputs and
// ErrZeroSum from Scan and TweakData mean that the transaction is not a
// silent payment; ErrSegwitVersion from InputPublicKey means that it must
// not be scanned; ErrNotEligible means that the input is left out.
//
// # Interoperability
//
// Every case of BIP-352's send_and_receive_test_vectors.json passes
// (version 1.1.1 of the vectors, the K_max case included), and the bench
// module's differential tests compare the package with libsecp256k1's
// silentpayments module.
package silentpayments
