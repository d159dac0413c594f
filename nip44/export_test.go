package nip44

// MessageKeys exposes the HKDF-expand step for the get_message_keys
// vectors: the ChaCha20 key, the ChaCha20 nonce and the HMAC key of
// conversationKey and nonce.
func MessageKeys(conversationKey, nonce *[32]byte) (chachaKey [32]byte, chachaNonce [12]byte, hmacKey [32]byte) {
	var k messageKeys
	k.derive(conversationKey, nonce)
	return k.chachaKey, k.chachaNonce, k.hmacKey
}
