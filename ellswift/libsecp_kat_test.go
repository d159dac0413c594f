package ellswift_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ellswift"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// libsecpKAT holds outputs of libsecp256k1 0.8 (the C sources the Rust
// crate secp256k1-sys 0.14.1 vendors, compiled with its build.rs defines)
// for key i with seckey = SHA-256("ellswift kat seckey i") and rnd =
// SHA-256("ellswift kat rnd i"), i = 0..7 in decimal:
//
//	encode  secp256k1_ellswift_encode(pubkey of seckey, rnd)
//	create  secp256k1_ellswift_create(seckey, auxrnd32 = rnd)
//	create0 secp256k1_ellswift_create(seckey, NULL)
//	decode  secp256k1_ellswift_decode(seckey ‖ rnd) (any 64 bytes), compressed
//	xdh     secp256k1_ellswift_xdh with the BIP-324 hash between key i as
//	        party A (its create encoding) and key i+1 mod 8 as party B (its
//	        create encoding); libsecp256k1 returned the same bytes for both
//	        parties.
//
// They pin this package to libsecp256k1's byte output, which the BIP does
// not fix (libsecp256k1 itself does not promise it across versions).
var libsecpKAT = []struct{ seckey, rnd, encode, create, create0, decode, xdh string }{
	{"33e85fb2ef91a7eaf7c40fea8ba27eb770f9e3af40af69039840f87b0f1f57eb", "d92ad57710324ea3d6e62793ec03b2444418ecdcc5adfd85cc1ea08d4efcf98d", "66254899b652d09ded1335363a047e5661e5211795b3fed4f89ce61286573e2bc22356ade5421e256c55bef2f6aa2680025342bacc2118c2c8e338b047e3883f", "d4540f7eb607727dc295d754c68e7ec18a6a938899da9d65390347cbb6f0050ea9fae1f40262f3577a8e0f485202457c64957f94cd08955164d4e7c179da3f47", "f8492f896aa60aeeb9db53c8a15ab7caffd1dba67a555e62d228f12d0d91dd9ef865a32b3f86d22bdb7c68dc90b1e187aca1a6e2da0f92b0533533ac48819e09", "03e961a11deba96e4a916b7950f739ac576f226806b6ad30b0d278a25c78822b57", "dda113f58f93a51d999d9037f5d08814a13a1d6e277311e4f55d6490321d0b29"},
	{"25195d12b0d9d51ceb927aa7c3d3b39eb48dec4bb47bc05e983f934ba1238fed", "58a13bd7f5ff28f9a6761c2e8d5ba84e4674790c9abfcde89b56ebea1d007db9", "e4c2efaabf2b7d6f12803846f14c6f1c1fb18cbf8910d0921a4bee98f1426322fed064d796661d216563f2081ee3b16f2ab5d9f3254a0cf1f585515d8d24691d", "9184d9aedb06023a018d386bc1956ac96cb19ddc6d0d00f64b98eb06d1035d5167e11f552af614c6e363f8a3cf84a2d6413a66d1a381d6f8f4207299d31f0e37", "171e72ec407b4e1894d1816f3e6fe015611e5001e79f147c34f5615d5d2f57bb869f002637b613633d082dd3c523757c3c203ef49180ccbf5be1b8d8d7b65c89", "03e1c12ec701ac713ef5ba3deb14a058b180bd4a2cc2bf9477eb4d3ce5e4b0b45f", "1961053a5cd22d2babef839ebe14c2c14d638cb21c0ae3d8f4bcabc81d12ded0"},
	{"0568e203b2d2dc02bd42f8b453cb05fdde3057c3659b15ba3110be3fec9ff037", "99d03f7adf532664bb5b4f623fe24071fecda9dcd734d8e3c681477fe550c6cc", "de9f83ff9c740e6e0c8a71338347c035babe59f2dbdd1474390aa8b6eae4dd5a691f3a3930659a18eb2d7d845614ad64ac941882b63bad6c71c76478163391d9", "1d49d4fdf54773693b14e9049c8d4244c5c3b7ff2d7a91541064d7c45a35e0c2c446cd84669e8ee4a141ef312718ea8e0f49312f171aacf502b89b7a731613c1", "02b5c4af08a9d82beb44929952fd094cfac7fdfdd094684853206d029abac0116d2f69457b69bb0dd05666550172f80b155267d40247cb4220874a306a6ec0cd", "029e67b574ad217a4340b9fe06ec68af3a6175c28ea488c7f65434ad02c59fa212", "6d7392b7723b0cc35c55c589e6cb9ab2368c5fecec3a19dd60aefc444ca78e30"},
	{"9be8a566d1ce8cab50f3eb9807be46d543d67c202be6ed3c3c4b405e98f53268", "bf1e390d4a02b4d56584f416c5bb76ef9937c2b5e7b1f58b50878fb9e255ed8b", "c9c79cca8f5be26ebbd84988dc96504f1ee90a768c5184a7203432e4e189b630d99f7a818cdc194dbb3f5b0bfe4ddfdd6f8263c6c6957bda969b59ae6cb7a6a3", "3faa719e3f6c80ae495af7b8b68d5fcb250d92739026a0a64d175dbcf3db0ea73ee0dd48657c9391dbc1ed4359c69f719b1dbada14716a17a06d3248b3ad0255", "0e6e9f36bf4e86ee4803f63771d8007b905f51eab4589912330e0a099e16884a1f85d9c85735d95e98554a19944b3502eda43654648c3d762663a5ef74f08211", "03557772725e825899fb95e5ff246b86546c05374489af3ecf89f5f168e032662b", "29728d4ee3f33af3dd050cf007248e3bc173461e44f526212684bc6c63a9f5be"},
	{"a2fe655890e46a3b8407099318fa2dda9b1885130f7976dcc8f3df053fcdf2de", "157849f81e906925dca80cb850f06100e296761422b19e0ae8dbccc279c65429", "3e4b12c3ffac9a3368867b9c14670c95ab2b6b06e3955a8f80089ad51d2dd1446f21053acbd15f333b299f2fe5ef61a2c5c208d07c82d4826ad7dc79d1888586", "3ec2956d44934b09c5f8062b7cd1a438728dea2b8cc8896bf3cacc865df411c79088fa3cb05dfded1a9d65f1072f89142c67e9965192ac417b86c87d80376c22", "d3105ff61d84f61dc9aead9ac82377e766a662b82f75e35b0ef8d6b197bf762721c990f0a05deb0bb7e68d1829de628e0b17a4394d5be136391801b019bb0940", "03294d5dc911c6b117c7fb14eaa6a1d2d29713519a0496fe5173a90593afbcff0c", "fd77ec21e66842b602f2df95d2205e8a56e037f478546a32d975e651f1bc20c7"},
	{"1c8e336cd12565a20813225999efe9b0bfa373746eedab1f0168c441f44b35c3", "8ff57b057a539b9171d94b1c65f31a2000cfb8594d314965e6a90d0e7e4835f0", "ffef1e19770070ac9369378fa8e7986609a7cbfa322f6e05a322585e6f285f3475677c355c12eac5aa7dd3a3c8eed04c8d2aea6ca786a10830ecd67fc7367e58", "95c4c237217176337615e652ab6d876eddaa5cfa0c6eafe87f2154846e30b6618033214b51decd5e6391d9e0f3f5fc5882064d126bcb991d6cd8a82636fd339e", "e72711e5adb8e9d8b844ae98903cfca4157a271a6fa29d3a63dc8378e613484b38156118ceae0c16b16df19798edecae0d3e5b4b6ca8ecb238da745adfd55f78", "02a0999cf5e8a80315864e7b8cd2fc75d54c0ab73362c9952c622635b60111b1cd", "8464434ac6536b656a7dce114c9844d3d596567a43c1a8a5268ee1d544f9ee28"},
	{"493ac98de245c28ccf5807bb1e73ed42c3f12b9c4ac2788c9e2d1c7de137ccba", "fef2076426a64f073a7c4e493700cd6cbfdb09b7baf086aef32f97ec8f29d389", "800966951ad52e04878782b0810e0791eca3ea0009a3439a212e48ac18fe7e00c2d872aa371c96373d825facf0c543836ff175a487a24a6555ad2be6be941698", "d52cb315b586d57f5588c6a3999722d4946bf887985d84d1c0aff3aac8f9e5c77b9ceb9b3956673b1ce41e54c11d959103edd0a20b6ddbc56e3cbf575b75da08", "890c9a41426f34f5f19f9f943a1639b17c1f12229dda7f546ab8d526460cb0f96d8a1383ddb46b9a0a6f711b6887290df25dc9670edfba1c52830ca50deb9670", "03b7dd784812c6865f8f93001f7516c2b96332cf4832862d26b983da27e3844d93", "832d107d8d9a456c3260f7966028bf504f6441197e57f1b4b4343f7603a53474"},
	{"530ea4e8a5e8f5747eb23c879ba8ecb8c54620bfd7cf3b382bc3a323167ccdb1", "4a263e95c8e1331495d0f61cff18ed8b058380f06f32eb38d80f30ddb88e6115", "8638eb31e235bc7fa1176cbb162f7ab8f3548632baf64a6817d791f83d355f5ec8b2de45e97f9646831ec149d0f2ede2ea52d9ab2bc153835f7aa401aebf57e9", "6fe12e027ec5c6497e82dcf6048e6c86277f14b20b295a2f99856b1808cdfe5f2c9aba5a1b8b70fa8943071534c5ede1e48f6b84f4d1e81c92cc7fbedab29113", "86ba6fb44ef0538b2451d978486ce739de1b2eeabc24fec443041eecda004df62375378105130623ca685b67143885fe00cbf484564aff51d225234597220f07", "03e92e0eac611053f4f673645b8c754965dcd7f13d8a5cfe4b9e3838f88da88269", "294b28732de3625da82dcf43f1a8ddee34b34f562284699ab001d58ee37c9898"},
}

func TestLibsecp256k1KAT(t *testing.T) {
	n := len(libsecpKAT)
	for i, v := range libsecpKAT {
		sk := sha256.Sum256(fmt.Appendf(nil, "ellswift kat seckey %d", i))
		rnd := sha256.Sum256(fmt.Appendf(nil, "ellswift kat rnd %d", i))
		if hex.EncodeToString(sk[:]) != v.seckey || hex.EncodeToString(rnd[:]) != v.rnd {
			t.Fatalf("key %d: inputs differ from the table", i)
		}
		priv, err := secp256k1.NewPrivateKey(sk[:])
		if err != nil {
			t.Fatal(err)
		}
		check := func(what string, got []byte, err error, want string) {
			t.Helper()
			if err != nil || hex.EncodeToString(got) != want {
				t.Errorf("key %d: %s = %x, %v; libsecp256k1 gives %s", i, what, got, err, want)
			}
		}
		enc, err := ellswift.Encode(priv.PublicKey(), bytes.NewReader(rnd[:]))
		check("Encode", enc, err, v.encode)
		enc, err = ellswift.EncodeSecretWithAux(priv, rnd[:])
		check("EncodeSecretWithAux(rnd)", enc, err, v.create)
		enc, err = ellswift.EncodeSecretWithAux(priv, nil)
		check("EncodeSecretWithAux(nil)", enc, err, v.create0)
		pub, err := ellswift.Decode(append(sk[:], rnd[:]...))
		var dec []byte
		if err == nil {
			dec = pub.BytesCompressed()
		}
		check("Decode", dec, err, v.decode)

		j := (i + 1) % n
		other, err := secp256k1.NewPrivateKey(testutil.MustHex(t, libsecpKAT[j].seckey))
		if err != nil {
			t.Fatal(err)
		}
		ellA, ellB := testutil.MustHex(t, v.create), testutil.MustHex(t, libsecpKAT[j].create)
		s, err := ellswift.XDH(priv, ellA, ellB, ellswift.Initiator)
		check("XDH as initiator", s, err, v.xdh)
		s, err = ellswift.XDH(other, ellB, ellA, ellswift.Responder)
		check("XDH as responder", s, err, v.xdh)
	}
}
