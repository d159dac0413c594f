package taproot_test

import (
	"encoding/hex"
	"fmt"
	"log"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/taproot"
)

// An output with two script leaves (the fourth script tree of BIP-341's
// wallet test vectors): its merkle root, scriptPubKey, and the control
// block that spends the second leaf.
func Example() {
	internalBytes, _ := hex.DecodeString("ee4fe085983462a184015d1f782d6a5f8b9c2b60130aff050ce221ecf3786592")
	internal, err := secp256k1.NewXOnlyPublicKey(internalBytes)
	if err != nil {
		log.Fatal(err)
	}
	s0, _ := hex.DecodeString("20387671353e273264c495656e27e39ba899ea8fee3bb69fb2a680e22093447d48ac")
	s1, _ := hex.DecodeString("06424950333431")
	a, err := taproot.NewLeaf(taproot.LeafVersionTapscript, s0)
	if err != nil {
		log.Fatal(err)
	}
	b, err := taproot.NewLeaf(0xfa, s1) // a future leaf version
	if err != nil {
		log.Fatal(err)
	}
	tree, err := taproot.NewBranch(a, b)
	if err != nil {
		log.Fatal(err)
	}
	root, _ := tree.Hash()
	output, _, err := taproot.OutputKey(internal, tree)
	if err != nil {
		log.Fatal(err)
	}
	script, _ := taproot.OutputScript(output)
	paths, err := taproot.ScriptPaths(internal, tree)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("merkle root: ", hex.EncodeToString(root[:]))
	fmt.Println("scriptPubKey:", hex.EncodeToString(script))
	fmt.Println("control block of leaf 1:", hex.EncodeToString(paths[1].ControlBlock))
	// Output:
	// merkle root:  6c2dc106ab816b73f9d07e3cd1ef2c8c1256f519748e0813e4edd2405d277bef
	// scriptPubKey: 5120712447206d7a5238acc7ff53fbe94a3b64539ad291c7cdbc490b7577e4b17df5
	// control block of leaf 1: faee4fe085983462a184015d1f782d6a5f8b9c2b60130aff050ce221ecf37865928ad69ec7cf41c2a4001fd1f738bf1e505ce2277acdcaa63fe4765192497f47a7
}
